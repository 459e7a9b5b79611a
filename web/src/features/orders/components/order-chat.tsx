import '../order-chat.css';
import { ChatIcon, PhoneIcon } from '../../../components/icons';
import { useSiteSettings } from '../../content/api/get-site-settings';
import { messengerChatLink, whatsappChatLink } from '../chat-links';
import { useT } from '../messages';

/** "Chat about this order": the shop's Messenger with the order id as its ref, and WhatsApp with a message naming it when the shop has a number. */
export function OrderChat({ orderId }: { orderId: string }) {
  // The WhatsApp message is in the shop's language: this renders again when it changes.
  const { t } = useT();
  const { data: settings } = useSiteSettings();
  const messenger = settings && messengerChatLink(settings.messenger_link, orderId);
  const whatsapp = settings && whatsappChatLink(settings.whatsapp ?? '', orderId);
  if (!messenger && !whatsapp) return null;
  return (
    <section className="order-chat" aria-labelledby={`chat-${orderId}`}>
      <h2 id={`chat-${orderId}`} className="order-chat-title">
        {t('orders.chatTitle')}
      </h2>
      <div className="button-row">
        {messenger && (
          <a className="button button-ghost button-small" href={messenger} target="_blank" rel="noopener noreferrer">
            <ChatIcon size={14} /> Messenger
          </a>
        )}
        {whatsapp && (
          <a className="button button-ghost button-small" href={whatsapp} target="_blank" rel="noopener noreferrer">
            <PhoneIcon size={14} /> WhatsApp
          </a>
        )}
      </div>
    </section>
  );
}

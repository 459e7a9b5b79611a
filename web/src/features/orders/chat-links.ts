import { t } from './messages';

/** Facebook's hosts whose first path segment names the page. */
const pageHosts = new Set(['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'messenger.com', 'www.messenger.com']);

/**
 * The shop's Messenger link for one order: an m.me link (a facebook.com page link is turned into
 * its m.me twin) with the order id as `ref`, which the page's inbox shows with the conversation.
 * Another kind of link is answered as it is; none when the shop has no Messenger link.
 */
export function messengerChatLink(messengerLink: string, orderId: string): string | undefined {
  if (!messengerLink) return undefined;
  let url: URL;
  try {
    url = new URL(messengerLink);
  } catch {
    return undefined;
  }
  const page = url.pathname.split('/').filter(Boolean)[0];
  if (pageHosts.has(url.hostname) && page && page !== 'profile.php') url = new URL(`https://m.me/${page}`);
  else if (url.hostname !== 'm.me') return messengerLink;
  url.searchParams.set('ref', orderId);
  return url.toString();
}

/**
 * WhatsApp with a message about one order, started for the shopper in the shop's current language
 * (the order id as it is); none when the shop has no WhatsApp number.
 */
export function whatsappChatLink(whatsapp: string, orderId: string): string | undefined {
  const number = whatsapp.replace(/\D/g, '');
  if (!number) return undefined;
  return `https://wa.me/${number}?text=${encodeURIComponent(t('orders.chatMessage', { orderId }))}`;
}

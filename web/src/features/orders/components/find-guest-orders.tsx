import { guestFindOrdersBody, guestOrdersBody } from '@contract/orders';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { FormField } from '../../../components/form-field';
import { StatusBadge } from '../../../components/status-badge';
import { currentLocale } from '../../../lib/i18n';
import { useServerWords } from '../../../lib/server-messages';
import { useAction } from '../../../lib/use-action';
import { type GuestOrder, useGuestOrders } from '../api/get-guest-orders';
import { useSendGuestOrdersCode } from '../api/send-guest-orders-code';
import { pathOfOrderLink } from '../guest-links';
import { useT } from '../messages';

/** A field's first problem as the endpoint's schema words it, or none. */
function firstProblem(schema: v.GenericSchema, input: unknown, field: string): string | undefined {
  const checked = v.safeParse(schema, input);
  if (checked.success) return undefined;
  return checked.issues.find((issue) => v.getDotPath(issue) === field)?.message;
}

/**
 * "Find my orders": a guest's e-mail or mobile number, a one-time code sent to it (when it has
 * orders), then its orders, each linking to its page. Each step's field is checked with the
 * endpoint's own schema.
 */
export function FindGuestOrders() {
  const { t } = useT();
  const serverWords = useServerWords();
  const id = useId();
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  /** The contact the code went to, once asked, with the server's words about it. */
  const [sent, setSent] = useState<{ contact: string; message: string }>();
  const [orders, setOrders] = useState<GuestOrder[]>();
  const { trigger: sendCode } = useSendGuestOrdersCode();
  const { trigger: listOrders } = useGuestOrders();
  const { busy, run } = useAction(t('orders.guest.failed'));

  const contactProblem = firstProblem(guestFindOrdersBody, { contact: contact.trim() }, 'contact');
  const codeProblem = sent && firstProblem(guestOrdersBody, { contact: sent.contact, otp: code.trim() }, 'otp');

  const askCode = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (contactProblem) return;
    const to = contact.trim();
    void run(async () => {
      const message = await sendCode({ contact: to, language: currentLocale() });
      setSent({ contact: to, message });
      setTried(false);
      setCode('');
    });
  };

  const open = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!sent || codeProblem) return;
    void run(async () => setOrders(await listOrders({ contact: sent.contact, otp: code.trim() })));
  };

  const startAgain = () => {
    setSent(undefined);
    setOrders(undefined);
    setTried(false);
    setCode('');
  };

  return (
    <section className="panel find-orders" aria-labelledby={`${id}-title`}>
      <div className="panel-head">
        <h1 id={`${id}-title`}>{t('orders.guest.findOrders')}</h1>
      </div>
      {orders ? (
        <GuestOrderList orders={orders} />
      ) : sent ? (
        <form onSubmit={open} noValidate aria-label={t('orders.guest.codeStep')}>
          <p className="notice" role="status">
            {sent.message || t('orders.guest.codeSent')}
          </p>
          <FormField
            label={t('orders.guest.codeLabel')}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code}
            error={tried && codeProblem ? serverWords(codeProblem) : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="button-row">
            <button type="submit" className="button button-primary button-small" disabled={busy}>
              {busy ? t('orders.guest.opening') : t('orders.guest.showOrders')}
            </button>
            <button type="button" className="button button-ghost button-small" onClick={startAgain} disabled={busy}>
              {t('orders.guest.otherContact')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={askCode} noValidate aria-label={t('orders.guest.contactStep')}>
          <p className="muted">{t('orders.guest.findOrdersText')}</p>
          <FormField
            label={t('orders.guest.contactLabel')}
            name="contact"
            inputMode="email"
            autoComplete="email"
            placeholder={t('orders.guest.contactPlaceholder')}
            maxLength={254}
            value={contact}
            error={tried && contactProblem ? serverWords(contactProblem) : undefined}
            onChange={(event) => setContact(event.target.value)}
          />
          <div className="button-row">
            <button type="submit" className="button button-primary button-small" disabled={busy}>
              {busy ? t('orders.guest.sending') : t('orders.guest.sendCode')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A contact's guest orders, newest first as the server answers them: plan, date, amount and status, each linking to its page. */
function GuestOrderList({ orders }: { orders: GuestOrder[] }) {
  const { t, taka, dateTime } = useT();
  if (orders.length === 0) return <p className="empty-state">{t('orders.guest.noOrders')}</p>;
  return (
    <ul className="guest-order-list" aria-label={t('orders.guest.yourOrders')}>
      {orders.map((order) => (
        <li key={order.order_id} className="guest-order-row">
          <Link to={pathOfOrderLink(order.order_link)} className="guest-order-link">
            <strong>{order.plan_name}</strong>
            <span className="muted">
              <time dateTime={order.created_at}>{dateTime(order.created_at)}</time> · {taka(order.paid_amount)}
            </span>
          </Link>
          <StatusBadge status={order.status} />
        </li>
      ))}
    </ul>
  );
}

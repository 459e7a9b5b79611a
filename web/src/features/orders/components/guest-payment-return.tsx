import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useVerifyGuestPayment } from '../../payments/api/verify-guest-payment';
import { type GuestOrderLink, guestOrderLinks } from '../guest-links';
import { useT } from '../messages';

/** Where a guest's return stands: being checked, no order of this device to check it with, or the check failed (a retry may do). */
type Stage = { kind: 'checking' } | { kind: 'lost' } | { kind: 'failed'; link: GuestOrderLink };

/**
 * Where the gateway sends a guest back (`/order/return?invoice_id=`): the payment is settled
 * through the newest order link this device kept, and the guest goes to that order's page. With no
 * link kept (another browser) or one that is not that payment's (404), the page says where the link
 * is: in the receipt sent to their contact, or found again by "Find my orders".
 */
export function GuestPaymentReturn() {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invoiceId = params.get('invoice_id') ?? '';
  const { trigger } = useVerifyGuestPayment();
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });
  const started = useRef(false);

  const check = (link: GuestOrderLink) => {
    setStage({ kind: 'checking' });
    trigger({ token: link.token, invoice_id: invoiceId }).then(
      () => navigate(paths.guestOrder(link.token), { replace: true }),
      (error: unknown) => setStage(error instanceof ApiError && error.status === 404 ? { kind: 'lost' } : { kind: 'failed', link }),
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the return is checked once, when the page opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const newest = guestOrderLinks()[0];
    if (!invoiceId || !newest) setStage({ kind: 'lost' });
    else check(newest);
  }, []);

  if (stage.kind === 'checking')
    return (
      <section className="panel status-panel">
        <p className="notice notice-wait" role="status">
          {t('orders.guest.checkingPayment')}
        </p>
      </section>
    );
  if (stage.kind === 'failed')
    return (
      <section className="panel status-panel" role="alert">
        <h1>{t('orders.guest.checkFailed')}</h1>
        <p className="muted">{t('orders.guest.checkFailedText')}</p>
        <div className="button-row">
          <button type="button" className="button button-primary button-small" onClick={() => check(stage.link)}>
            {t('orders.retry')}
          </button>
          <Link className="button button-ghost button-small" to={paths.guestOrder(stage.link.token)} replace>
            {t('orders.guest.openOrder')}
          </Link>
        </div>
      </section>
    );
  return (
    <section className="panel status-panel">
      <h1>{t('orders.guest.returnTitle')}</h1>
      <p className="muted">{t('orders.guest.linkInReceipt')}</p>
      <div className="button-row">
        <Link className="button button-primary button-small" to={paths.findOrders}>
          {t('orders.guest.findOrders')}
        </Link>
      </div>
    </section>
  );
}

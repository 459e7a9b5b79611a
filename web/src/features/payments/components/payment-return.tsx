import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { type StartedPayment, forgetPaymentOfThisWindow, paymentOfThisWindow } from '../payment-window';
import { toast } from '../../../lib/toast';
import { useCancelPayment } from '../api/cancel-payment';
import { useVerifyPayment } from '../api/verify-payment';

type Outcome = { tone: 'ok' | 'off' | 'wait'; title: string; message: string; retry?: string };

const titles = { completed: 'Payment received', cancelled: 'Payment not completed', pending: 'Payment being processed' } as const;
const tones = { completed: 'ok', cancelled: 'off', pending: 'wait' } as const;

/**
 * Where the gateway sends the payer back (this page, in the window that paid). Our links carry our
 * own id of the payment (`?payment=`). Paid: the gateway appends `invoice_id`, which is settled
 * now (verify_payment). Cancelled: the gateway adds nothing, and our cancel link says
 * `cancelled=1`, so the payment is given up by our id (cancel_payment). The window's mark, set
 * when it was opened, tells where Retry leads. Either way the page says how it went and tells the
 * tab that started it.
 */
export function PaymentReturn({ kind }: { kind: StartedPayment['kind'] }) {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoice_id');
  const paymentId = params.get('payment');
  const cancelledAtGateway = !invoiceId && params.get('cancelled') === '1' && paymentId !== null;
  const handled = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [fromWindow, setFromWindow] = useState<StartedPayment>();
  const { trigger: verifyPayment } = useVerifyPayment();
  const { trigger: cancelPayment } = useCancelPayment();

  useEffect(() => {
    if (handled.current || (!invoiceId && !cancelledAtGateway)) return;
    handled.current = true;
    const mark = paymentOfThisWindow();
    forgetPaymentOfThisWindow();
    setFromWindow(mark);
    const settle = invoiceId ? verifyPayment(invoiceId) : cancelPayment({ kind, id: paymentId! });
    const toastId = `payment-${paymentId ?? invoiceId}`;
    settle
      .then(({ message, data }) => {
        const status = data?.status ?? 'pending';
        const cancelled = cancelledAtGateway && status !== 'completed';
        const title = cancelled ? 'Payment cancelled' : titles[status];
        const text = cancelled ? 'You cancelled the payment on the gateway page. No money was taken.' : message;
        setOutcome({
          tone: cancelled ? 'off' : tones[status],
          title,
          message: text,
          retry: status === 'completed' ? undefined : mark?.from,
        });
        const show = status === 'completed' ? toast.success : status === 'cancelled' || cancelled ? toast.error : toast.info;
        show(cancelled ? title : message, { toastId });
      })
      .catch((error: unknown) => {
        const message = error instanceof ApiError ? error.message : 'The payment could not be checked';
        setOutcome({ tone: 'wait', title: 'Payment not checked yet', message });
        toast.error(message, { toastId });
      })
      .finally(() => setParams({}, { replace: true }));
  }, [invoiceId, paymentId, cancelledAtGateway, kind, setParams, verifyPayment, cancelPayment]);

  if (!outcome)
    return invoiceId || cancelledAtGateway || fromWindow ? (
      <p className="notice notice-wait" role="status">
        Checking your payment…
      </p>
    ) : null;
  const canClose = fromWindow !== undefined && window.opener !== null;
  return (
    <section className={`payment-outcome payment-outcome-${outcome.tone}`} role="status" aria-label={outcome.title}>
      <h2>{outcome.title}</h2>
      <p>{outcome.message}</p>
      <div className="button-row">
        {outcome.retry && (
          <Link className="button button-primary button-small" to={outcome.retry}>
            Retry
          </Link>
        )}
        {canClose && (
          <button type="button" className="button button-ghost button-small" onClick={() => window.close()}>
            Close this window
          </button>
        )}
      </div>
    </section>
  );
}

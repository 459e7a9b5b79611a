import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths, safeNext } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCancelPayment } from '../api/cancel-payment';
import { useVerifyPayment } from '../api/verify-payment';
import { type StartedPayment, forgetPaymentOfThisWindow, paymentOfThisWindow, takeStartedPayment } from '../payment-window';

type Outcome = { tone: 'off' | 'wait'; title: string; message: string; retry?: string };

/** A payment that came back paid (or that the provider is confirming): what its receipt shows. */
export interface ReturnedPayment {
  /** Our id of it: the order's or the top-up's. */
  id: string;
  /** The page that started it, with the shopper's choice (Buy again), when this tab knows it. */
  from?: string;
  /** A line for this tab: the shop tab the payment was started from shows the receipt too. */
  note?: string;
}

interface PaymentReturnProps {
  kind: StartedPayment['kind'];
  /** The receipt of a payment that came back. */
  receipt: (payment: ReturnedPayment) => ReactNode;
  /** The page as it is when no payment comes back to it. */
  children: ReactNode;
}

const otherTabNote = 'The shop tab you started from shows this receipt too: you can close it.';

/**
 * Where the gateway sends the payer back (this page, in the window that paid, or this very tab in
 * an in-app browser). Our links carry our own id of the payment (`?payment=`). Paid: the gateway
 * appends `invoice_id`, which is settled now (verify_payment), and the page becomes the payment's
 * receipt (`?receipt=`, so that a reload keeps it) instead of its list. Cancelled: the gateway adds
 * nothing, and our cancel link says `cancelled=1`, so the payment is given up by our id
 * (cancel_payment) and the payer goes back to the page that started it, with the choice kept.
 * Either way the shop's other tabs are told.
 */
export function PaymentReturn({ kind, receipt, children }: PaymentReturnProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const invoiceId = params.get('invoice_id');
  const paymentId = params.get('payment');
  const receiptId = params.get('receipt');
  const again = params.get('again');
  const cancelledAtGateway = !invoiceId && params.get('cancelled') === '1' && paymentId !== null;
  const handled = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [note, setNote] = useState<string>();
  const { trigger: verifyPayment } = useVerifyPayment();
  const { trigger: cancelPayment } = useCancelPayment();

  useEffect(() => {
    if (handled.current || (!invoiceId && !cancelledAtGateway)) return;
    handled.current = true;
    const started = paymentId ? takeStartedPayment(paymentId) : undefined;
    const mark = paymentOfThisWindow() ?? started;
    forgetPaymentOfThisWindow();
    const settle = invoiceId ? verifyPayment(invoiceId) : cancelPayment({ kind, id: paymentId! });
    const toastId = `payment-${paymentId ?? invoiceId}`;
    const showReceipt = (id: string) => {
      if (mark && !mark.sameTab) setNote(otherTabNote);
      setParams(mark?.from ? { receipt: id, again: mark.from } : { receipt: id }, { replace: true });
    };
    settle
      .then(({ message, data }) => {
        const status = data?.status ?? 'pending';
        const id = data?.id ?? paymentId;
        if (status !== 'cancelled' && id) return showReceipt(id);
        setParams({}, { replace: true });
        if (cancelledAtGateway && mark?.from) {
          toast.info('Payment cancelled: no money was taken. Your choice is still here.', { toastId });
          navigate(safeNext(mark.from), { replace: true });
          return;
        }
        const title = cancelledAtGateway ? 'Payment cancelled' : 'Payment not completed';
        toast.error(cancelledAtGateway ? title : message, { toastId });
        setOutcome({
          tone: 'off',
          title,
          message: cancelledAtGateway ? 'You cancelled the payment on the gateway page. No money was taken.' : message,
          retry: mark?.from,
        });
      })
      .catch((error: unknown) => {
        const message = error instanceof ApiError ? error.message : 'The payment could not be checked';
        setParams({}, { replace: true });
        setOutcome({ tone: 'wait', title: 'Payment not checked yet', message });
        toast.error(message, { toastId });
      });
  }, [invoiceId, paymentId, cancelledAtGateway, kind, setParams, navigate, verifyPayment, cancelPayment]);

  if (receiptId) return receipt({ id: receiptId, from: again ? safeNext(again) : undefined, note });
  if (invoiceId || cancelledAtGateway)
    return (
      <p className="notice notice-wait" role="status">
        Checking your payment…
      </p>
    );
  if (!outcome) return children;
  return (
    <section className={`payment-outcome payment-outcome-${outcome.tone}`} role="status" aria-label={outcome.title}>
      <h2>{outcome.title}</h2>
      <p>{outcome.message}</p>
      <div className="button-row">
        <Link
          className="button button-primary button-small"
          to={outcome.retry ?? (kind === 'order' ? paths.playerIdTopup : paths.addMoney)}
        >
          {outcome.retry ? 'Retry' : kind === 'order' ? 'Choose a game' : 'Add money'}
        </Link>
      </div>
    </section>
  );
}

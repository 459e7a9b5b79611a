import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths, safeNext } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCancelPayment } from '../api/cancel-payment';
import { useVerifyPayment } from '../api/verify-payment';
import { useT } from '../messages';
import { type StartedPayment, forgetPaymentOfThisWindow, paymentOfThisWindow, takeStartedPayment } from '../payment-window';

/**
 * How a payment that came back unpaid went (its title and our words in the current language), with
 * the server's message where it gave one, and where Retry leads.
 */
type Outcome = { tone: 'off' | 'wait'; kind: 'cancelled' | 'notCompleted' | 'notChecked'; message?: string; retry?: string };

type Translate = ReturnType<typeof useT>['t'];

const outcomeTitle = (kind: Outcome['kind'], t: Translate) =>
  kind === 'cancelled' ? t('payments.cancelled') : kind === 'notCompleted' ? t('payments.notCompleted') : t('payments.notChecked');

/** An outcome's line: the server's message, else ours. */
const outcomeMessage = ({ kind, message }: Outcome, t: Translate) =>
  message ?? (kind === 'cancelled' ? t('payments.cancelledAtGateway') : t('payments.checkFailed'));

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
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const invoiceId = params.get('invoice_id');
  const paymentId = params.get('payment');
  const receiptId = params.get('receipt');
  const again = params.get('again');
  const cancelledAtGateway = !invoiceId && params.get('cancelled') === '1' && paymentId !== null;
  const handled = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>();
  /** This window was opened to pay, and the shop tab that opened it shows the receipt too. */
  const [otherTab, setOtherTab] = useState(false);
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
      if (mark && !mark.sameTab) setOtherTab(true);
      setParams(mark?.from ? { receipt: id, again: mark.from } : { receipt: id }, { replace: true });
    };
    settle
      .then(({ message, data }) => {
        const status = data?.status ?? 'pending';
        const id = data?.id ?? paymentId;
        if (status !== 'cancelled' && id) return showReceipt(id);
        setParams({}, { replace: true });
        if (cancelledAtGateway && mark?.from) {
          toast.info(t('payments.cancelledToast'), { toastId });
          navigate(safeNext(mark.from), { replace: true });
          return;
        }
        toast.error(cancelledAtGateway ? outcomeTitle('cancelled', t) : message, { toastId });
        setOutcome({
          tone: 'off',
          kind: cancelledAtGateway ? 'cancelled' : 'notCompleted',
          message: cancelledAtGateway ? undefined : message,
          retry: mark?.from,
        });
      })
      .catch((error: unknown) => {
        const found: Outcome = { tone: 'wait', kind: 'notChecked', message: error instanceof ApiError ? error.message : undefined };
        setParams({}, { replace: true });
        setOutcome(found);
        toast.error(outcomeMessage(found, t), { toastId });
      });
  }, [invoiceId, paymentId, cancelledAtGateway, kind, setParams, navigate, verifyPayment, cancelPayment, t]);

  if (receiptId)
    return receipt({ id: receiptId, from: again ? safeNext(again) : undefined, note: otherTab ? t('payments.otherTabNote') : undefined });
  if (invoiceId || cancelledAtGateway)
    return (
      <p className="notice notice-wait" role="status">
        {t('payments.checking')}
      </p>
    );
  if (!outcome) return children;
  const title = outcomeTitle(outcome.kind, t);
  return (
    <section className={`payment-outcome payment-outcome-${outcome.tone}`} role="status" aria-label={title}>
      <h2>{title}</h2>
      <p>{outcomeMessage(outcome, t)}</p>
      <div className="button-row">
        <Link
          className="button button-primary button-small"
          to={outcome.retry ?? (kind === 'order' ? paths.playerIdTopup : paths.addMoney)}
        >
          {outcome.retry ? t('payments.retry') : kind === 'order' ? t('payments.chooseGame') : t('payments.addMoney')}
        </Link>
      </div>
    </section>
  );
}

import type { CheckoutAnswer } from '@contract/wire';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { userKey } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import type { CancelOutcome } from './components/payment-actions';
import { t } from './messages';
import { usePaymentFollow } from './payment-follow';
import { type StartedPayment, payInNewWindow } from './payment-window';

/** Where a form's gateway payment for `T` (the order, the amount) stands: none, followed, paid, or cancelled (and why). */
export type CheckoutStage<T> =
  | { kind: 'idle' }
  | { kind: 'waiting'; payment: StartedPayment; item: T /** Its row has shown in the list. */; listed: boolean }
  | { kind: 'paid'; payment: StartedPayment; item: T }
  | { kind: 'cancelled'; payment: StartedPayment; item: T; reason: string };

/**
 * What the list that holds the payment's row says of it: still waiting, paid, cancelled (and why),
 * `absent` from a list that is read (once listed, a row that leaves the list was cancelled), or
 * not known (`undefined`: the list is not read, or the row is not in it yet).
 */
export type PaymentRow = 'waiting' | 'paid' | { cancelledBecause: string } | 'absent' | undefined;

export interface GatewayCheckoutOptions<T> {
  kind: StartedPayment['kind'];
  /** Asks the server to open the gateway's checkout for `item`. */
  start: (item: T) => Promise<CheckoutAnswer>;
  /** The page (path and query) that starts it: where Retry in the payment's window comes back to. */
  from: (item: T) => string;
  /** The SWR key of the list that holds the payment's row, re-read while the payment is followed. */
  list: readonly unknown[];
  /** The payment's row in that list, as the form reads it now. */
  rowOf: (payment: StartedPayment, item: T) => PaymentRow;
  /** The toast once it is paid; none where the form shows a receipt instead. */
  paidMessage?: (item: T) => string;
  /** What the form does besides once it is paid (clear its fields, go back to what the money was for). */
  onPaid?: (item: T) => void;
  /** The toast when it cannot be started and the error has no message. */
  failureMessage: string;
}

export interface GatewayCheckout<T> {
  stage: CheckoutStage<T>;
  /** While the payment is being started. */
  busy: boolean;
  /** Opens the gateway's page for `item` in a new window and follows that payment. */
  pay: (item: T) => Promise<void>;
  /** Back to idle after a payment was paid or cancelled (the form's choice changed). */
  reset: () => void;
  /** Pay now / Cancel's word on the waiting payment. */
  onCancelled: (outcome: CancelOutcome) => void;
}

/**
 * A form's gateway checkout: idle → waiting (the gateway's page in a new window) → paid or
 * cancelled. While it waits the payment is followed (the news from its return page in any tab,
 * a re-read of `list` on focus and a short poll) and the form's `rowOf` read of its row decides with
 * that news. Paid: the user (balance) is re-read, the paid toast (if any) shows and `onPaid` runs.
 */
export function useGatewayCheckout<T>(options: GatewayCheckoutOptions<T>): GatewayCheckout<T> {
  const [stage, setStage] = useState<CheckoutStage<T>>({ kind: 'idle' });
  /** The stage as last moved to, ahead of the render that shows it (Cancel's answer may come in between). */
  const current = useRef<CheckoutStage<T>>(stage);
  const latest = useRef(options);
  latest.current = options;
  const { mutate } = useSWRConfig();
  const { busy, run } = useAction(options.failureMessage);
  const waiting = stage.kind === 'waiting' ? stage : undefined;
  const news = usePaymentFollow(waiting?.payment.id, () => void mutate(latest.current.list));

  const move = useCallback((next: CheckoutStage<T>) => {
    current.current = next;
    setStage(next);
  }, []);

  const settlePaid = useCallback(
    (payment: StartedPayment, item: T) => {
      void mutate(userKey);
      const paidMessage = latest.current.paidMessage?.(item);
      if (paidMessage) toast.success(paidMessage, { toastId: `payment-${payment.id}` });
      move({ kind: 'paid', payment, item });
      latest.current.onPaid?.(item);
    },
    [mutate, move],
  );

  // After every render: the form's list (read after this hook, so not known while it runs) and the news decide.
  useEffect(() => {
    const at = current.current;
    if (at.kind !== 'waiting') return;
    const row = latest.current.rowOf(at.payment, at.item);
    const heard = news?.id === at.payment.id ? news.status : undefined;
    if (heard === 'completed' || row === 'paid') settlePaid(at.payment, at.item);
    else if (heard === 'cancelled' || typeof row === 'object' || (at.listed && row === 'absent'))
      move({ kind: 'cancelled', payment: at.payment, item: at.item, reason: typeof row === 'object' ? row.cancelledBecause : '' });
    else if (!at.listed && row !== undefined && row !== 'absent') move({ ...at, listed: true });
  });

  const pay = (item: T) =>
    run(async () => {
      const { kind, start, from, list } = latest.current;
      const result = await payInNewWindow(() => start(item), { kind, from: from(item) });
      if ('refusal' in result) toast.error(result.refusal);
      else {
        move({ kind: 'waiting', payment: result.started, item, listed: false });
        void mutate(list);
      }
    });

  const reset = () => {
    if (current.current.kind === 'paid' || current.current.kind === 'cancelled') move({ kind: 'idle' });
  };

  const onCancelled = (outcome: CancelOutcome) => {
    const at = current.current;
    if (at.kind !== 'waiting') return;
    if (outcome === 'paid') settlePaid(at.payment, at.item);
    else move({ kind: 'cancelled', payment: at.payment, item: at.item, reason: t('payments.cancelledByYou') });
  };

  return { stage, busy, pay, reset, onCancelled };
}

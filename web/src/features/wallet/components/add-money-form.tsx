import { defaultTopUpLimits } from '@contract/rules';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { FormField } from '../../../components/form-field';
import { userKey } from '../../../lib/auth';
import { walletRequestsKey } from '../../../lib/cache-keys';
import { taka } from '../../../lib/format';
import { PaymentActions } from '../../payments/components/payment-actions';
import { usePaymentFollow } from '../../payments/payment-follow';
import { type StartedPayment, payInNewWindow } from '../../payments/payment-window';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { usePaymentChannels } from '../api/get-payment-channels';
import { useWalletRequests } from '../api/get-wallet-requests';
import { newTxnId, useStartTopUp } from '../api/start-top-up';
import { type TopUpLimits, amountError, quickAmounts } from '../amount-rules';

interface AddMoneyFormProps {
  /** The stage's limits (site settings); the contract's defaults until they load. */
  limits?: TopUpLimits;
  /** The amount to start with (a short wallet's shortfall, or a Retry). */
  initialAmount?: string;
  /** Where to go once the money is in (the voucher that was short), and what to call it. */
  returnTo?: { path: string; label: string };
  /** This page's path and query, where a Retry after a cancelled payment comes back to. */
  here: string;
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'waiting'; payment: StartedPayment; txnId: string; amount: number }
  | { kind: 'paid'; amount: number }
  | { kind: 'cancelled'; amount: number; reason: string };

/**
 * Add money: an amount (typed, or one of the quick amounts) within the limits, then the gateway's
 * page in a new window. The page follows that payment (news from the return page, a re-read on
 * focus and a short poll of its row) and says how it went: paid clears the form and updates the
 * balance (and goes back to what the money was for); cancelled offers Retry.
 */
export function AddMoneyForm({ limits = defaultTopUpLimits, initialAmount = '', returnTo, here }: AddMoneyFormProps) {
  const { data: channels = [] } = usePaymentChannels();
  const [amount, setAmount] = useState(initialAmount);
  const [tried, setTried] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const { trigger: startTopUp } = useStartTopUp();
  const { busy, run } = useAction('The payment could not be started');
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const waiting = stage.kind === 'waiting' ? stage : undefined;
  const { data: requests } = useWalletRequests(waiting !== undefined);
  const news = usePaymentFollow(waiting?.payment.id, () => void mutate(walletRequestsKey));
  const error = amountError(amount, limits);

  const row = waiting && requests?.find((request) => request.txn_id === waiting.txnId);
  const settled =
    row?.status === 'completed' || news?.status === 'completed'
      ? 'paid'
      : row?.status === 'cancelled' || news?.status === 'cancelled'
        ? 'cancelled'
        : undefined;
  useEffect(() => {
    if (!waiting || !settled) return;
    if (settled === 'paid') {
      void mutate(userKey);
      setAmount('');
      setTried(false);
      setStage({ kind: 'paid', amount: waiting.amount });
      toast.success(`Payment received: ${taka(waiting.amount)} added to your wallet`, { toastId: `payment-${waiting.payment.id}` });
      if (returnTo) navigate(returnTo.path);
    } else {
      setStage({ kind: 'cancelled', amount: waiting.amount, reason: row?.cancel_reason ?? '' });
    }
  }, [waiting, settled, row, mutate, navigate, returnTo]);

  const submit = async (event?: React.FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (error || waiting) return;
    const value = Number(amount);
    const txnId = newTxnId();
    await run(async () => {
      const retry = new URL(here, window.location.origin);
      retry.searchParams.set('amount', String(value));
      const result = await payInNewWindow(() => startTopUp({ amount: value, txnId }), {
        kind: 'wallet',
        from: `${retry.pathname}${retry.search}`,
      });
      if ('refusal' in result) toast.error(result.refusal);
      else setStage({ kind: 'waiting', payment: result.started, txnId, amount: value });
    });
  };

  const choose = (value: number) => {
    setAmount(String(value));
    if (stage.kind !== 'waiting') setStage({ kind: 'idle' });
  };

  return (
    <form className="panel add-money" onSubmit={submit} noValidate aria-labelledby="add-money-title">
      <h1 id="add-money-title">Add Money</h1>
      <p className="muted">
        Pay with bKash, Nagad, Rocket or Upay on the payment page that opens. The money is in your wallet as soon as the payment is
        confirmed. Add {taka(limits.min)} to {taka(limits.max)} at a time.
      </p>
      {returnTo && stage.kind !== 'paid' && (
        <p className="notice notice-warn">
          Add at least {taka(Number(initialAmount) || limits.min)} to buy {returnTo.label}. You go back to it once the money is in.
        </p>
      )}
      <StageNotice stage={stage} onRetry={() => void submit()} returnTo={returnTo} />
      <FormField
        label="Amount (৳)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        disabled={waiting !== undefined}
        error={tried ? error : undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role=group names the same thing. */}
      <div className="quick-amounts" role="group" aria-label="Quick amounts">
        {quickAmounts
          .filter((value) => value >= limits.min && value <= limits.max)
          .map((value) => (
            <button
              key={value}
              type="button"
              className={amount === String(value) ? 'chip-button selected' : 'chip-button'}
              aria-pressed={amount === String(value)}
              disabled={waiting !== undefined}
              onClick={() => choose(value)}
            >
              {taka(value)}
            </button>
          ))}
      </div>
      {channels.length > 0 && (
        <div className="accepted-methods">
          <p className="accepted-title">Accepted on the payment page</p>
          <ul>
            {channels.map((channel) => (
              <li key={channel.id}>
                <img src={channel.logo} alt="" width={64} height={26} loading="lazy" />
                <span>{channel.name}</span>
              </li>
            ))}
          </ul>
          <p className="muted small">You choose the method and pay on the secure payment page. Never send money to a personal number.</p>
        </div>
      )}
      {waiting && (
        <div className="waiting-payment" role="status">
          <p>
            <strong>Waiting for your payment of {taka(waiting.amount)}.</strong> Finish paying in the window that opened; this page updates
            by itself.
          </p>
          <PaymentActions
            payment={waiting.payment}
            onCancelled={(outcome) =>
              setStage(
                outcome === 'paid'
                  ? { kind: 'paid', amount: waiting.amount }
                  : { kind: 'cancelled', amount: waiting.amount, reason: 'Cancelled by you' },
              )
            }
          />
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={busy || waiting !== undefined}>
        {busy ? 'Opening the payment…' : waiting ? 'Waiting for the payment…' : 'Add Money'}
      </button>
    </form>
  );
}

function StageNotice({ stage, onRetry, returnTo }: { stage: Stage; onRetry: () => void; returnTo?: AddMoneyFormProps['returnTo'] }) {
  if (stage.kind === 'paid') {
    return (
      <div className="payment-outcome payment-outcome-ok" role="status" aria-label="Payment received">
        <h2>Payment received</h2>
        <p>{taka(stage.amount)} was added to your wallet.</p>
        {returnTo && (
          <Link className="button button-primary button-small" to={returnTo.path}>
            Back to {returnTo.label}
          </Link>
        )}
      </div>
    );
  }
  if (stage.kind === 'cancelled') {
    return (
      <div className="payment-outcome payment-outcome-off" role="status" aria-label="Payment cancelled">
        <h2>Payment cancelled</h2>
        <p>
          The payment of {taka(stage.amount)} did not go through{stage.reason ? ` (${stage.reason})` : ''}. No money was taken.
        </p>
        <button type="button" className="button button-primary button-small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}

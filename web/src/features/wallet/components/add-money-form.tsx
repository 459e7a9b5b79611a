import { defaultTopUpLimits } from '@contract/rules';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { walletRequestsKey } from '../../../lib/cache-keys';
import { type CheckoutWords, CheckoutNotice } from '../../payments/components/checkout-notice';
import { useGatewayCheckout } from '../../payments/use-gateway-checkout';
import { TopUpReceipt } from './top-up-receipt';
import { usePaymentChannels } from '../api/get-payment-channels';
import { useWalletRequests } from '../api/get-wallet-requests';
import { newTxnId, useStartTopUp } from '../api/start-top-up';
import { type TopUpLimits, amountError, quickAmounts } from '../amount-rules';
import { useT } from '../messages';

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

/** A top-up paid through the gateway: its amount, and our transaction id, which names its row in the top-ups. */
interface TopUp {
  amount: number;
  txnId: string;
}

/**
 * Add money: an amount (typed, or one of the quick amounts) within the limits, then the gateway's
 * page in a new window. The page follows that payment (news from the return page, a re-read on
 * focus and a short poll of its row) and says how it went: paid clears the form and updates the
 * balance (and goes back to what the money was for); cancelled offers Retry.
 */
export function AddMoneyForm({ limits = defaultTopUpLimits, initialAmount = '', returnTo, here }: AddMoneyFormProps) {
  const words = useT();
  const { t, taka } = words;
  const { data: channels = [] } = usePaymentChannels();
  const [amount, setAmount] = useState(initialAmount);
  const [tried, setTried] = useState(false);
  const { trigger: startTopUp } = useStartTopUp();
  const navigate = useNavigate();
  const error = amountError(amount, limits);
  // The gateway payment this form started, followed through the top-ups (read only while it waits).
  const checkout = useGatewayCheckout<TopUp>({
    kind: 'wallet',
    start: (topUp) => startTopUp(topUp),
    from: ({ amount: value }) => {
      const retry = new URL(here, window.location.origin);
      retry.searchParams.set('amount', String(value));
      return `${retry.pathname}${retry.search}`;
    },
    list: walletRequestsKey,
    rowOf: (_payment, { txnId }) => {
      const row = requests?.find((request) => request.txn_id === txnId);
      if (!row) return undefined;
      if (row.status === 'completed') return 'paid';
      return row.status === 'cancelled' ? { cancelledBecause: row.cancel_reason ?? '' } : 'waiting';
    },
    onPaid: () => {
      setAmount('');
      setTried(false);
      if (returnTo) navigate(returnTo.path);
    },
    failureMessage: t('wallet.startFailed'),
  });
  const { stage, busy } = checkout;
  const waiting = stage.kind === 'waiting';
  const { data: requests } = useWalletRequests(waiting);

  const submit = async (event?: React.FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (error || waiting) return;
    await checkout.pay({ amount: Number(amount), txnId: newTxnId() });
  };

  const choose = (value: number) => {
    setAmount(String(value));
    checkout.reset();
  };

  return (
    <form className="panel add-money" onSubmit={submit} noValidate aria-labelledby="add-money-title">
      <h1 id="add-money-title">{t('wallet.addMoney')}</h1>
      <p className="muted">{t('wallet.addMoneyIntro', { min: taka(limits.min), max: taka(limits.max) })}</p>
      {returnTo && stage.kind !== 'paid' && (
        <p className="notice notice-warn">
          {t('wallet.addAtLeast', { amount: taka(Number(initialAmount) || limits.min), item: returnTo.label })}
        </p>
      )}
      {!waiting && <CheckoutNotice checkout={checkout} words={checkoutWords(returnTo, words)} heading="h2" onRetry={() => void submit()} />}
      <FormField
        label={t('wallet.amountLabel')}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        disabled={waiting}
        error={tried ? error : undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role=group names the same thing. */}
      <div className="quick-amounts" role="group" aria-label={t('wallet.quickAmounts')}>
        {quickAmounts
          .filter((value) => value >= limits.min && value <= limits.max)
          .map((value) => (
            <button
              key={value}
              type="button"
              className={amount === String(value) ? 'chip-button selected' : 'chip-button'}
              aria-pressed={amount === String(value)}
              disabled={waiting}
              onClick={() => choose(value)}
            >
              {taka(value)}
            </button>
          ))}
      </div>
      {channels.length > 0 && (
        <div className="accepted-methods">
          <p className="accepted-title">{t('wallet.acceptedTitle')}</p>
          <ul>
            {channels.map((channel) => (
              <li key={channel.id}>
                <img src={channel.logo} alt="" width={64} height={26} loading="lazy" />
                <span>{channel.name}</span>
              </li>
            ))}
          </ul>
          <p className="muted small">{t('wallet.acceptedNote')}</p>
        </div>
      )}
      {waiting && <CheckoutNotice checkout={checkout} words={checkoutWords(returnTo, words)} heading="h2" onRetry={() => void submit()} />}
      <button type="submit" className="button button-primary" disabled={busy || waiting}>
        {busy ? t('wallet.openingPayment') : waiting ? t('wallet.waitingForPayment') : t('wallet.addMoney')}
      </button>
    </form>
  );
}

/** The add-money form's words for its gateway payment, in the current language. */
function checkoutWords(returnTo: AddMoneyFormProps['returnTo'], { t, taka }: ReturnType<typeof useT>): CheckoutWords<TopUp> {
  return {
    waiting: ({ amount }) => t('wallet.checkoutWaiting', { amount: taka(amount) }),
    paid: ({ amount }) => t('wallet.checkoutPaid', { amount: taka(amount) }),
    paidLink: () => (returnTo ? { to: returnTo.path, label: t('wallet.backTo', { item: returnTo.label }) } : undefined),
    // The same receipt as the tab the gateway comes back to (the amount credited, the new balance).
    receipt: (_topUp, payment) => <TopUpReceipt id={payment.id} from={payment.from} />,
    // The reason is the server's (or the payments area's) own words, shown as they come.
    cancelled: ({ amount }, reason) =>
      reason
        ? t('wallet.checkoutCancelledBecause', { amount: taka(amount), reason })
        : t('wallet.checkoutCancelled', { amount: taka(amount) }),
  };
}

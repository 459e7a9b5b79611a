import { BoltIcon, WalletIcon } from '../../../components/icons';
import { useT } from '../messages';
import type { PaymentMode } from '../pay-mode-memory';
import type { OrderChoice } from '../use-order-choice';

interface PaymentStepProps {
  choice: OrderChoice;
  onChoose: (mode: PaymentMode) => void;
}

/** The order form's third step: the wallet (with the balance) or Instant Payment through the gateway. */
export function PaymentStep({ choice: { mode, signedIn, userInfo, balance }, onChoose }: PaymentStepProps) {
  const { t, taka, number } = useT();
  return (
    <fieldset className="order-step">
      <legend>
        <span className="step-number">{number(3)}</span> {t('catalog.payment')}
      </legend>
      <div className="mode-grid">
        <label className={mode === 'wallet' ? 'choice mode-option selected' : 'choice mode-option'}>
          <input type="radio" name="payment_mode" value="wallet" checked={mode === 'wallet'} onChange={() => onChoose('wallet')} />
          <WalletIcon size={22} />
          <span className="mode-name">{t('catalog.wallet')}</span>
          <span className="mode-note">
            {signedIn
              ? userInfo
                ? t('catalog.balance', { amount: taka(balance) })
                : t('catalog.balanceLoading')
              : t('catalog.payFromBalance')}
          </span>
        </label>
        <label className={mode === 'gateway' ? 'choice mode-option selected' : 'choice mode-option'}>
          <input type="radio" name="payment_mode" value="gateway" checked={mode === 'gateway'} onChange={() => onChoose('gateway')} />
          <BoltIcon size={22} />
          <span className="mode-name">{t('catalog.instantPayment')}</span>
          <span className="mode-note">bKash · Nagad · Upay</span>
        </label>
      </div>
    </fieldset>
  );
}

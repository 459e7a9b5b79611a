import { Link } from 'react-router-dom';
import { signInPath } from '../../../config/paths';
import { useT } from '../messages';
import type { OrderCheckout } from '../use-order-checkout';
import type { OrderChoice } from '../use-order-choice';

interface OrderSummaryProps {
  choice: OrderChoice;
  checkout: OrderCheckout;
  shopClosed: boolean;
}

/**
 * The order form's summary bar: the pack and its price, what is still missing (or how it is paid)
 * and Buy Now; a visitor who pressed Buy Now is offered logging in or registering, back to this choice,
 * and for a top-up by player ID buying without an account.
 */
export function OrderSummary({ choice, checkout, shopClosed }: OrderSummaryProps) {
  const { t, taka } = useT();
  const { plan, mode } = choice;
  // What is still missing, first things first: the ID (the form's first step), then the pack.
  const missing = shopClosed
    ? t('catalog.shopClosed')
    : !choice.accountId
      ? choice.playerIdGroup
        ? t('catalog.enterPlayerId')
        : t('catalog.enterGameAccount')
      : !plan
        ? t('catalog.choosePack')
        : choice.walletShort
          ? t('catalog.walletTooLow')
          : undefined;
  return (
    <div className="order-summary" data-testid="order-bar">
      <div className="order-bar-text">
        <div className="summary-row">
          <span>{plan ? plan.pname : t('catalog.choosePack')}</span>
          <strong>{plan ? taka(plan.price) : '—'}</strong>
        </div>
        <p className={missing ? 'order-missing' : 'order-missing order-ready'} data-testid="order-missing" aria-live="polite">
          {missing ?? (mode === 'wallet' ? t('catalog.payFromWallet') : t('catalog.payWithGateway'))}
        </p>
      </div>
      <button type="submit" className="button button-primary" disabled={!checkout.canBuy}>
        {checkout.busy ? t('catalog.pleaseWait') : checkout.waiting ? t('catalog.waitingForPayment') : t('catalog.buyNow')}
      </button>
      {checkout.offerSignIn && !choice.signedIn && (
        <section className="sign-in-offer" aria-label={t('catalog.logInToBuy')}>
          <p>{checkout.guestAllowed ? t('catalog.guestOffer') : t('catalog.signInOffer')}</p>
          <div className="button-row">
            {checkout.guestAllowed && (
              <button
                type="button"
                className="button button-primary button-small"
                onClick={checkout.buyAsGuest}
                disabled={!checkout.canBuy}
              >
                {t('catalog.buyAsGuest')}
              </button>
            )}
            <Link
              className={checkout.guestAllowed ? 'button button-ghost button-small' : 'button button-primary button-small'}
              to={signInPath('login', choice.herePath())}
            >
              {t('catalog.logIn')}
            </Link>
            <Link className="button button-ghost button-small" to={signInPath('register', choice.herePath())}>
              {t('catalog.register')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

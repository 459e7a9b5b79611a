import { googlePlaceholderMobile } from '@contract/rules';
import { useId } from 'react';
import type { PlanGroup } from '../api/get-plan-groups';
import { useT } from '../messages';
import { useOrderCheckout } from '../use-order-checkout';
import { useOrderChoice } from '../use-order-choice';
import { AccountStep } from './account-step';
import { ConfirmTopUp } from './confirm-top-up';
import { OrderNotes } from './order-notes';
import { OrderSummary } from './order-summary';
import { PackStep } from './pack-step';
import { PaymentStep } from './payment-step';

interface OrderFormProps {
  group: PlanGroup;
  /** The game's name, as the confirmation shows it. */
  gameName: string;
  /** While the shop is closed buying is disabled (the page says why, at its top). */
  shopClosed?: boolean;
}

/**
 * The order form of one plan group, on one page: the account to top up (the player ID first), a
 * pack, the payment mode, and a summary bar with the pack, its price, Buy Now and what is still
 * missing; then a confirmation with the player ID in large type. What is chosen is kept by
 * `useOrderChoice` (in the URL, mostly); buying it, from the wallet or through the gateway, is
 * `useOrderCheckout`'s.
 */
export function OrderForm({ group, gameName, shopClosed = false }: OrderFormProps) {
  const { t } = useT();
  const headingId = useId();
  const choice = useOrderChoice(group);
  const checkout = useOrderCheckout({ choice, gameName, shopClosed });
  const { plan } = choice;
  const { confirming } = checkout;
  return (
    <form className="panel order-form" onSubmit={checkout.submit} noValidate aria-labelledby={headingId}>
      <div className="order-head">
        <img src={group.image} alt="" width={48} height={48} />
        <div>
          <p className="eyebrow">{t('catalog.topUpType')}</p>
          <h2 id={headingId}>{group.cname}</h2>
        </div>
      </div>
      <AccountStep group={group} gameName={gameName} choice={choice} ref={checkout.accountRef} />
      <PackStep plans={choice.plans} chosen={plan} onChoose={(planId) => checkout.choose('plan', planId)} />
      <PaymentStep choice={choice} onChoose={(mode) => checkout.choose('mode', mode)} />
      <OrderNotes choice={choice} checkout={checkout} />
      <OrderSummary choice={choice} checkout={checkout} shopClosed={shopClosed} />
      {confirming && plan && (
        <ConfirmTopUp
          gameName={gameName}
          group={group}
          plan={plan}
          order={confirming}
          mode={choice.mode}
          balance={choice.balance}
          askMobile={choice.userInfo?.mobile_no === googlePlaceholderMobile}
          guest={checkout.asGuest}
          onBack={checkout.back}
          onConfirm={(mobileNo, promo, contact) =>
            checkout.asGuest && contact !== undefined
              ? checkout.confirmGuest({ ...confirming, promo }, contact)
              : checkout.confirm({ ...confirming, promo }, mobileNo)
          }
        />
      )}
    </form>
  );
}

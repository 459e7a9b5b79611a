import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { useServerWords } from '../../../lib/server-messages';
import { Modal } from '../../../components/modal';
import type { PlanGroup } from '../api/get-plan-groups';
import type { Plan } from '../api/get-plans';
import type { AppliedPromo } from '../../promotions/api/get-quote';
import { PromoCodeField, PromoDiscountLine } from '../../promotions/components/promo-code-field';
import { usePromoCode } from '../../promotions/use-promo-code';
import { guestContactProblem } from '../../orders/guest-contact';
import { useGuestPlayerCheck } from '../api/lookup-guest-player';
import { usePlayerCheck } from '../api/lookup-player';
import { type PlanOrderInput, orderTotal } from '../api/place-order';
import { useT } from '../messages';
import type { PlayerCheck } from '../order-rules';
import type { PaymentMode } from '../pay-mode-memory';

/** A mobile number as the profile takes it (the same shape as the profile form's check). */
const mobilePattern = /^\+?[\d\s-]{10,16}$/;

interface ConfirmTopUpProps {
  gameName: string;
  group: PlanGroup;
  plan: Plan;
  order: PlanOrderInput;
  mode: PaymentMode;
  balance: number;
  /** A Google-registered account has no real mobile number yet: the confirm step asks for one, optionally. */
  askMobile: boolean;
  /** A visitor buying without an account: the contact for the receipt is asked, and the gateway pays. */
  guest?: boolean;
  onBack: () => void;
  /**
   * Confirmed, with the mobile number given on the way (if asked and given), the promo code applied
   * (if any) and a guest's contact for the receipt.
   */
  onConfirm: (mobileNo: string | undefined, promo: AppliedPromo | undefined, contact?: string) => void;
}

/**
 * The last look before paying: the game, the plan, the player ID in large type with the in-game
 * name behind it when the game's lookup knows it, the price and how it is paid. An ID the game
 * does not know holds Confirm until it is edited.
 */
export function ConfirmTopUp({
  gameName,
  group,
  plan,
  order,
  mode,
  balance,
  askMobile,
  guest = false,
  onBack,
  onConfirm,
}: ConfirmTopUpProps) {
  const { t, taka } = useT();
  const serverWords = useServerWords();
  const byPlayerId = !order.saccount_type;
  const lookup = byPlayerId ? { master_category: order.masterCategoryId, player_id: order.saccount_id } : null;
  const shopperCheck = usePlayerCheck(guest ? null : lookup);
  const guestCheck = useGuestPlayerCheck(guest ? lookup : null);
  const playerCheck = guest ? guestCheck : shopperCheck;
  const noSuchPlayer = byPlayerId && playerCheck.kind === 'missing';
  const [mobile, setMobile] = useState('');
  const [mobileTried, setMobileTried] = useState(false);
  const mobileError = mobile.trim() && !mobilePattern.test(mobile.trim()) ? t('catalog.enterMobile') : undefined;
  const [contact, setContact] = useState('');
  const contactError = guest ? guestContactProblem(contact.trim()) : undefined;
  const promo = usePromoCode({ plan_id: plan.plans_id });
  // The pack's price now (a sale's, or the server's after it refused another), less a code's discount.
  const total = promo.applied?.total ?? orderTotal(order);
  const confirmNow = () => {
    setMobileTried(true);
    if ((askMobile && mobileError) || contactError) return;
    onConfirm(askMobile && mobile.trim() ? mobile.trim() : undefined, promo.applied, guest ? contact.trim() : undefined);
  };
  return (
    <Modal title={t('catalog.confirmTitle')} onClose={onBack} className="confirm-modal confirm-topup">
      <dl className="confirm-details">
        <div>
          <dt>{t('catalog.game')}</dt>
          <dd>{gameName}</dd>
        </div>
        <div>
          <dt>{t('catalog.plan')}</dt>
          <dd>
            {plan.pname} <span className="muted">({group.cname})</span>
          </dd>
        </div>
        <div className="confirm-account">
          <dt>{byPlayerId ? t('catalog.playerId') : t('catalog.typeAccount', { type: order.saccount_type })}</dt>
          <dd className="confirm-player-id" data-testid="confirm-player-id">
            {order.saccount_id}
          </dd>
          {byPlayerId && <PlayerCheckLine check={playerCheck} />}
        </div>
        <div>
          <dt>{t('catalog.price')}</dt>
          <dd className="confirm-price">
            {total < plan.price ? (
              <>
                <s className="muted">{taka(plan.price)}</s> {taka(total)}
              </>
            ) : (
              taka(total)
            )}
          </dd>
        </div>
        {promo.applied && <PromoDiscountLine applied={promo.applied} />}
        <div>
          <dt>{t('catalog.payWith')}</dt>
          <dd>
            {guest
              ? t('catalog.payWithInstantHere')
              : mode === 'wallet'
                ? t('catalog.payWithWallet', { balance: taka(balance - total) })
                : t('catalog.payWithInstant')}
          </dd>
        </div>
      </dl>
      <PromoCodeField promo={promo} />
      {guest && (
        <div className="confirm-mobile">
          <FormField
            label={t('catalog.guestContactLabel')}
            name="contact"
            type="text"
            inputMode="email"
            autoComplete="email"
            placeholder={t('catalog.guestContactPlaceholder')}
            hint={t('catalog.guestContactHint')}
            value={contact}
            error={mobileTried && contactError ? serverWords(contactError) : undefined}
            onChange={(e) => setContact(e.target.value)}
          />
        </div>
      )}
      {askMobile && !guest && (
        <div className="confirm-mobile">
          <FormField
            label={t('catalog.mobileLabel')}
            name="mobile_no"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="01XXXXXXXXX"
            hint={t('catalog.mobileHint')}
            value={mobile}
            error={mobileTried ? mobileError : undefined}
            onChange={(e) => setMobile(e.target.value)}
          />
        </div>
      )}
      <p className="muted small">{byPlayerId ? t('catalog.checkPlayerId') : t('catalog.checkAccount')}</p>
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={onBack}>
          {t('catalog.edit')}
        </button>
        <button type="button" className="button button-primary" onClick={confirmNow} disabled={noSuchPlayer}>
          {t('catalog.confirmAndPay', { price: taka(total) })}
        </button>
      </div>
    </Modal>
  );
}

/** The player check under the player ID, on a line kept for it whatever it says, so that nothing moves when the answer comes. */
function PlayerCheckLine({ check }: { check: PlayerCheck }) {
  const { t } = useT();
  return (
    <dd className="player-check">
      <span data-testid="player-nickname" role="status">
        {check.kind === 'checking' && <span className="muted">{t('catalog.checkingPlayer')}</span>}
        {check.kind === 'found' && t('catalog.nickname', { name: check.name, region: check.region })}
        {check.kind === 'missing' && <span className="player-check-missing">{t('catalog.noSuchPlayer')}</span>}
      </span>
    </dd>
  );
}

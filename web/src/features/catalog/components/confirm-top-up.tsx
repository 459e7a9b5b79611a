import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import type { PlanGroup } from '../api/get-plan-groups';
import type { Plan } from '../api/get-plans';
import { type AppliedPromo, useQuote } from '../api/get-quote';
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
  onBack: () => void;
  /** Confirmed, with the mobile number given on the way (if asked and given) and the promo code applied (if any). */
  onConfirm: (mobileNo: string | undefined, promo: AppliedPromo | undefined) => void;
}

/**
 * The last look before paying: the game, the plan, the player ID in large type with the in-game
 * name behind it when the game's lookup knows it, the price and how it is paid. An ID the game
 * does not know holds Confirm until it is edited.
 */
export function ConfirmTopUp({ gameName, group, plan, order, mode, balance, askMobile, onBack, onConfirm }: ConfirmTopUpProps) {
  const { t, taka } = useT();
  const byPlayerId = !order.saccount_type;
  const playerCheck = usePlayerCheck(byPlayerId ? { master_category: order.masterCategoryId, player_id: order.saccount_id } : null);
  const noSuchPlayer = byPlayerId && playerCheck.kind === 'missing';
  const [mobile, setMobile] = useState('');
  const [mobileTried, setMobileTried] = useState(false);
  const mobileError = mobile.trim() && !mobilePattern.test(mobile.trim()) ? t('catalog.enterMobile') : undefined;
  const promo = usePromoCode(plan.plans_id);
  // The pack's price now (a sale's, or the server's after it refused another), less a code's discount.
  const total = promo.applied?.total ?? orderTotal(order);
  const confirmNow = () => {
    setMobileTried(true);
    if (askMobile && mobileError) return;
    onConfirm(askMobile && mobile.trim() ? mobile.trim() : undefined, promo.applied);
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
        {promo.applied && (
          <div>
            <dt>{t('catalog.promoDiscount', { code: promo.applied.code })}</dt>
            <dd data-testid="promo-discount">−{taka(promo.applied.discount)}</dd>
          </div>
        )}
        <div>
          <dt>{t('catalog.payWith')}</dt>
          <dd>{mode === 'wallet' ? t('catalog.payWithWallet', { balance: taka(balance - total) }) : t('catalog.payWithInstant')}</dd>
        </div>
      </dl>
      <PromoCodeField promo={promo} />
      {askMobile && (
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

/**
 * The promo code of the confirm step: typed, or brought by a link (`?code=`), priced by the server
 * (POST /user/quote) when applied; a code that cannot apply says why, in the page's language.
 */
function usePromoCode(planId: string) {
  const [searchParams] = useSearchParams();
  const [typed, setTyped] = useState(() => searchParams.get('code') ?? '');
  const [applied, setApplied] = useState<AppliedPromo>();
  const [refusal, setRefusal] = useState<string>();
  const { trigger, isMutating } = useQuote();
  const apply = async () => {
    if (!typed.trim()) return;
    setRefusal(undefined);
    try {
      const quote = await trigger({ plan_id: planId, coupan_code: typed });
      setApplied({ code: quote.coupan_code, discount: quote.discount, total: quote.total });
      setTyped(quote.coupan_code);
    } catch (error) {
      setApplied(undefined);
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  const remove = () => {
    setApplied(undefined);
    setTyped('');
  };
  return { typed, setTyped, applied, refusal, applying: isMutating, apply, remove };
}

/** The promo code's field and its Apply (or Remove, once applied). Enter applies rather than submitting the order form. */
function PromoCodeField({ promo }: { promo: ReturnType<typeof usePromoCode> }) {
  const { t } = useT();
  return (
    <div className="confirm-promo">
      <FormField
        label={t('catalog.promoLabel')}
        name="coupan_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={promo.typed}
        readOnly={promo.applied !== undefined}
        error={promo.refusal}
        onChange={(e) => promo.setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void promo.apply();
        }}
      />
      {promo.applied ? (
        <button type="button" className="button button-ghost" onClick={promo.remove}>
          {t('catalog.promoRemove')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => void promo.apply()}
          disabled={promo.applying || !promo.typed.trim()}
        >
          {t('catalog.promoApply')}
        </button>
      )}
    </div>
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

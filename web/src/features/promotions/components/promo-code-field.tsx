import { FormField } from '../../../components/form-field';
import type { AppliedPromo } from '../api/get-quote';
import { useT } from '../messages';
import '../promo-code-field.css';
import type { PromoCodeState } from '../use-promo-code';

/** The promo code's field and its Apply (or Remove, once applied). Enter applies rather than submitting the form around it. */
export function PromoCodeField({ promo }: { promo: PromoCodeState }) {
  const { t } = useT();
  return (
    <div className="confirm-promo">
      <FormField
        label={t('promo.label')}
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
          {t('promo.remove')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => void promo.apply()}
          disabled={promo.applying || !promo.typed.trim()}
        >
          {t('promo.apply')}
        </button>
      )}
    </div>
  );
}

/** The discount line of a confirmation's details: "Discount (CODE) −৳X". */
export function PromoDiscountLine({ applied }: { applied: AppliedPromo }) {
  const { t, taka } = useT();
  return (
    <div>
      <dt>{t('promo.discount', { code: applied.code })}</dt>
      <dd data-testid="promo-discount">−{taka(applied.discount)}</dd>
    </div>
  );
}

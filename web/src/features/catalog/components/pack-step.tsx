import { Link } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { LoadFailed } from '../../../components/load-failed';
import { Skeletons } from '../../../components/skeletons';
import { paths } from '../../../config/paths';
import type { Plan } from '../api/get-plans';
import { priceNow } from '../../promotions/sale-price';
import { useT } from '../messages';
import { SaleTag, StruckListPrice } from '../../promotions/components/sale-tag';

interface PackStepProps {
  /** The group's packs as they load. */
  plans: SWRResponse<Plan[]>;
  chosen: Plan | undefined;
  onChoose: (planId: string) => void;
}

/** The order form's second step: the group's packs, out-of-stock ones shown but not for choosing. */
export function PackStep({ plans: { data: plans, error, isLoading, mutate: reload }, chosen, onChoose }: PackStepProps) {
  const { t, number } = useT();
  return (
    <fieldset className="order-step">
      <legend>
        <span className="step-number">{number(2)}</span> {t('catalog.selectRecharge')}
      </legend>
      {error ? (
        <LoadFailed message={t('catalog.packsLoadFailed')} onRetry={reload} />
      ) : isLoading ? (
        <div className="plan-grid" aria-busy="true">
          <Skeletons count={6} className="plan-option skeleton" />
        </div>
      ) : plans && plans.length > 0 ? (
        <div className="plan-grid">
          {plans.map((candidate) => (
            <PlanOption
              key={candidate.plans_id}
              plan={candidate}
              checked={candidate.plans_id === chosen?.plans_id}
              onChoose={() => onChoose(candidate.plans_id)}
              onSaleEnd={reload}
            />
          ))}
        </div>
      ) : (
        <div className="empty-state">
          <p>{t('catalog.noPacks')}</p>
          <Link className="button button-ghost button-small" to={paths.playerIdTopup}>
            {t('catalog.seeOtherGames')}
          </Link>
        </div>
      )}
    </fieldset>
  );
}

function PlanOption({ plan, checked, onChoose, onSaleEnd }: { plan: Plan; checked: boolean; onChoose: () => void; onSaleEnd: () => void }) {
  const { t, taka } = useT();
  const outOfStock = plan.status !== 1;
  const price = priceNow(plan);
  const onSale = price < plan.price;
  const className = ['choice', 'plan-option', checked ? 'selected' : '', outOfStock ? 'out-of-stock' : '', onSale ? 'on-sale' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <label className={className}>
      <input type="radio" name="plan" value={plan.plans_id} checked={checked} disabled={outOfStock} onChange={onChoose} />
      <img src={plan.image} alt="" width={40} height={40} loading="lazy" />
      <span className="plan-name">{plan.pname}</span>
      <span className="plan-price">
        {onSale && <StruckListPrice price={plan.price} />}
        {taka(price)}
      </span>
      {plan.sale_ends_at && plan.sale_price !== undefined && <SaleTag endsAt={plan.sale_ends_at} left={plan.sale_left} onEnd={onSaleEnd} />}
      {outOfStock && <span className="badge badge-muted">{t('catalog.outOfStock')}</span>}
    </label>
  );
}

import { usePromoCodes } from '../../../features/admin/promotions/api/get-promo-codes';
import { PromoCodeList } from '../../../features/admin/promotions/components/promo-codes';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** The promo codes: what each takes off and what it did so far, and New promo code. */
export function PromotionsPage() {
  const { data, error, mutate } = usePromoCodes();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Promotions</h1>
      </div>
      {data ? (
        <PromoCodeList codes={data.items} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the promo codes" />
      ) : (
        <Loading label="Loading the promo codes" />
      )}
    </section>
  );
}

export { PromotionsPage as Component };

import { useAdminCatalog } from '../../../features/admin/catalog/api/get-catalog';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { usePromoCodes } from '../../../features/admin/promotions/api/get-promo-codes';
import { useSales } from '../../../features/admin/promotions/api/get-sales';
import { PromoCodeList } from '../../../features/admin/promotions/components/promo-codes';
import { type SaleItem, SaleList } from '../../../features/admin/promotions/components/sales';
import { useAdminVouchers } from '../../../features/admin/vouchers/api/get-vouchers';

/** The promo codes and the flash sales: what each takes off and what it did so far, and New promo code / New sale. */
export function PromotionsPage() {
  const codes = usePromoCodes();
  const sales = useSales();
  const catalog = useAdminCatalog();
  const vouchers = useAdminVouchers();
  // What a sale may be on, named game · group · plan or voucher (৳ list price), from the console's catalog and vouchers.
  const items: SaleItem[] = [
    ...(catalog.data?.master_categories ?? []).flatMap((game) =>
      game.groups.flatMap((group) =>
        group.plans.map((plan) => ({
          key: `plan:${plan.plans_id}`,
          label: `${game.cname} · ${group.cname} · ${plan.pname}`,
          price: plan.price,
          cost: plan.cost || undefined,
        })),
      ),
    ),
    ...(vouchers.data ?? []).map((voucher) => ({
      key: `voucher:${voucher.voucher_id}`,
      label: voucher.voucher_name,
      price: voucher.price,
    })),
  ];
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Promotions</h1>
      </div>
      <h2>Promo codes</h2>
      {codes.data ? (
        <PromoCodeList codes={codes.data.items} />
      ) : codes.error ? (
        <ErrorState error={codes.error} onRetry={() => void codes.mutate()} what="the promo codes" />
      ) : (
        <Loading label="Loading the promo codes" />
      )}
      <h2>Flash sales</h2>
      {sales.data ? (
        <SaleList sales={sales.data.items} items={items} />
      ) : sales.error ? (
        <ErrorState error={sales.error} onRetry={() => void sales.mutate()} what="the flash sales" />
      ) : (
        <Loading label="Loading the flash sales" />
      )}
    </section>
  );
}

export { PromotionsPage as Component };

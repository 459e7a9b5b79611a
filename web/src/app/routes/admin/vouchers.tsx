import { Link, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminCatalog } from '../../../features/admin/catalog/api/get-catalog';
import { useAdminVouchers } from '../../../features/admin/vouchers/api/get-vouchers';
import { isCodeBrand } from '../../../features/admin/kit/edit-rules';
import { FilterTabs } from '../../../features/admin/kit/components/filter-tabs';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { VoucherTable } from '../../../features/admin/vouchers/components/voucher-editor';

/** Vouchers of one gift-card brand (?brand=; the first brand when none). */
export function VouchersPage() {
  const [params] = useSearchParams();
  const catalog = useAdminCatalog();
  const brands = catalog.data?.master_categories.filter(isCodeBrand) ?? [];
  const brand = brands.find((row) => row.id === params.get('brand')) ?? brands[0];
  const vouchers = useAdminVouchers(brand?.id ?? null);
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Vouchers</h1>
      </div>
      {catalog.error ? (
        <ErrorState error={catalog.error} onRetry={() => void catalog.mutate()} what="the brands" />
      ) : !catalog.data ? (
        <Loading label="Loading the brands" />
      ) : !brand ? (
        <p className="empty-state">
          No gift-card brand yet. Add one in <Link to={adminPaths.catalog()}>Games and plans</Link> with a name ending in a full stop.
        </p>
      ) : (
        <>
          <FilterTabs
            label="Brands"
            tabs={brands.map((row) => ({ label: row.cname, to: adminPaths.vouchers(row.id), active: row.id === brand.id }))}
          />
          {vouchers.data ? (
            <VoucherTable key={brand.id} brand={brand} brands={brands} vouchers={vouchers.data} />
          ) : vouchers.error ? (
            <ErrorState error={vouchers.error} onRetry={() => void vouchers.mutate()} what="the vouchers" />
          ) : (
            <Loading label="Loading the vouchers" />
          )}
        </>
      )}
    </section>
  );
}

export { VouchersPage as Component };

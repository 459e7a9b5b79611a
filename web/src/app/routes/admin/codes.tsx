import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminCatalog } from '../../../features/admin/catalog/api/get-catalog';
import { useVoucherCodes } from '../../../features/admin/vouchers/api/get-codes';
import { useAdminVouchers } from '../../../features/admin/vouchers/api/get-vouchers';
import { CodeList, CodeUpload } from '../../../features/admin/vouchers/components/code-inventory';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { taka } from '../../../lib/format';

/** The code inventory of one voucher (?voucher=): add a batch, see the unsold codes masked, void one. */
export function CodesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const vouchers = useAdminVouchers();
  const { data: catalog } = useAdminCatalog();
  const voucherId = params.get('voucher') ?? '';
  const voucher = vouchers.data?.find((row) => row.voucher_id === voucherId);
  const codes = useVoucherCodes(voucher?.voucher_id);
  const stock = codes.pages[0]?.stock ?? voucher?.stock;
  const brandName = (id: string) => catalog?.master_categories.find((brand) => brand.id === id)?.cname ?? id;
  const brandIds = [...new Set(vouchers.data?.map((row) => row.mcategory_id))];

  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Codes</h1>
      </div>
      {vouchers.error ? (
        <ErrorState error={vouchers.error} onRetry={() => void vouchers.mutate()} what="the vouchers" />
      ) : !vouchers.data ? (
        <Loading label="Loading the vouchers" />
      ) : (
        <>
          <div className="form-field voucher-picker">
            <label htmlFor="codes-voucher">Voucher</label>
            <select
              id="codes-voucher"
              className="input"
              value={voucher?.voucher_id ?? ''}
              onChange={(event) => navigate(adminPaths.codes(event.target.value))}
            >
              <option value="" disabled>
                Choose a voucher
              </option>
              {brandIds.map((brandId) => (
                <optgroup key={brandId} label={brandName(brandId)}>
                  {vouchers.data
                    ?.filter((row) => row.mcategory_id === brandId)
                    .map((row) => (
                      <option key={row.voucher_id} value={row.voucher_id}>
                        {row.voucher_name} · {taka(row.price)} · {row.stock} in stock
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          {!voucher ? (
            <p className="empty-state">
              {voucherId ? 'No such voucher: choose one above.' : 'Choose a voucher to add codes to it or to see its stock.'}
            </p>
          ) : (
            <>
              <div className="stock-figure" role="status" aria-label="Stock">
                <span className="figure-label">In stock</span>
                <strong className="figure-count">{stock}</strong>
                <span className="muted">
                  unsold codes of {voucher.voucher_name} ({taka(voucher.price)})
                </span>
              </div>
              <CodeUpload voucher={voucher} />
              <h2 className="admin-subtitle">Unsold codes</h2>
              <CodeList key={`list-${voucher.voucher_id}`} voucher={voucher} />
            </>
          )}
        </>
      )}
    </section>
  );
}

export { CodesPage as Component };

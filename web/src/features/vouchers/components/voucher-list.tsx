import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { categoryName, paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import '../../../lib/bengali-font';
import { useRedeemLink } from '../../content/api/get-redeem-link';
import { useVouchers } from '../api/get-vouchers';
import { useT } from '../messages';
import { VoucherCard } from './voucher-card';
import '../vouchers.css';
import { Skeletons } from '../../../components/skeletons';

interface VoucherListProps {
  brandId: string;
  /** The brand as the menu knows it; absent while it loads. */
  brand?: { cname: string; image: string };
  /** While the shop is closed buying is disabled (the page says why, at its top). */
  purchaseClosed: boolean;
  /** A voucher and quantity chosen before (from the URL), to start that card with. */
  chosen?: { voucherId: string | null; qty: string | null };
}

/** A gift-card brand's vouchers, each with its stock, quantity stepper, Buy, Watch and Rules. */
export function VoucherList({ brandId, brand, purchaseClosed, chosen }: VoucherListProps) {
  const { t } = useT();
  const { data: vouchers, error, isLoading, mutate } = useVouchers(brandId);
  const { data: redeemLink } = useRedeemLink();

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="container status-page">
        <h1>{t('vouchers.notFoundTitle')}</h1>
        <p>{t('vouchers.notFoundText')}</p>
        <Link className="button button-primary" to={paths.voucherCode}>
          {t('vouchers.seeAllCodes')}
        </Link>
      </div>
    );
  }

  return (
    <div className="container page">
      <section className="panel voucher-hero">
        {brand ? <img src={brand.image} alt="" width={96} height={96} /> : <div className="voucher-hero-image skeleton" />}
        <div>
          <h1>{brand ? categoryName(brand.cname) : t('vouchers.loading')}</h1>
          <p className="muted">{t('vouchers.deliveredInstantly')}</p>
        </div>
      </section>

      {error ? (
        <LoadFailed message={t('vouchers.loadFailed')} onRetry={mutate} />
      ) : isLoading || !vouchers ? (
        <div className="voucher-grid" aria-busy="true">
          <Skeletons count={3} className="voucher-card skeleton" />
        </div>
      ) : vouchers.length === 0 ? (
        <div className="empty-state">
          <p>{t('vouchers.listEmpty')}</p>
          <Link className="button button-ghost button-small" to={paths.voucherCode}>
            {t('vouchers.seeOtherGiftCards')}
          </Link>
        </div>
      ) : (
        <ul className="voucher-grid" data-testid="voucher-list">
          {vouchers.map((voucher, index) => (
            <li key={voucher.voucher_id}>
              <VoucherCard
                voucher={voucher}
                watchLink={redeemLink?.upay}
                purchaseClosed={purchaseClosed}
                lazyImage={index >= 3}
                initialQty={chosen?.voucherId === voucher.voucher_id ? (chosen.qty ?? undefined) : undefined}
                onSaleEnd={() => void mutate()}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { useT } from '../../features/catalog/messages';
import { BannerSlider } from '../../features/content/components/banner-slider';
import { LastTopUp } from '../../features/orders/components/last-top-up';

/** Home: the banner of events, a signed-in shopper's last top-up with Buy again, and every master category (spec §2). */
export function HomePage() {
  const { t } = useT();
  return (
    <div className="container page">
      <BannerSlider />
      <LastTopUp />
      <CategoryGrid title={t('catalog.gamesAndGiftCards')} />
    </div>
  );
}

export { HomePage as Component };

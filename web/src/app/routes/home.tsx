import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { catalogMessages, useT } from '../../features/catalog/messages';
import { BannerSlider } from '../../features/content/components/banner-slider';
import { LastTopUp } from '../../features/orders/components/last-top-up';
import { contentMessages } from '../../features/content/messages';
import { ordersMessages } from '../../features/orders/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [catalogMessages, contentMessages, ordersMessages];

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

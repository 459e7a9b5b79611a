import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { BannerSlider } from '../../features/content/components/banner-slider';

/** Home: the banner of events and every master category (spec §2). */
export function HomePage() {
  return (
    <div className="container page">
      <BannerSlider />
      <CategoryGrid title="Games and gift cards" />
    </div>
  );
}

export { HomePage as Component };

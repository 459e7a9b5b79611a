import { isCodeCategory } from '../../config/paths';
import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { catalogMessages, useT } from '../../features/catalog/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [catalogMessages];

/** Top-up games only: the categories whose name does not end with a full stop (spec §2). */
export function PlayerIdTopupPage() {
  const { t } = useT();
  return (
    <div className="container page">
      <CategoryGrid title={t('catalog.playerIdTopup')} filter={(category) => !isCodeCategory(category.cname)} />
    </div>
  );
}

export { PlayerIdTopupPage as Component };

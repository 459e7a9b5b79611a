import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { categoryName, categoryPath, paths } from '../../../config/paths';
import { type MasterCategory, useMasterCategories } from '../api/get-master-categories';
import { useT } from '../messages';
import { Skeletons } from '../../../components/skeletons';

interface CategoryGridProps {
  title: string;
  /** Which categories to show; all when absent. */
  filter?: (category: MasterCategory) => boolean;
}

/** A grid of master-category cards; each leads to its vouchers or its top-up page. */
export function CategoryGrid({ title, filter }: CategoryGridProps) {
  const { t } = useT();
  const { data, error, isLoading, mutate } = useMasterCategories();
  const categories = filter ? (data ?? []).filter(filter) : (data ?? []);
  return (
    <section className="section" aria-labelledby="category-grid-title">
      <h2 id="category-grid-title" className="section-title">
        {title}
      </h2>
      {isLoading ? (
        <div className="card-grid" aria-busy="true">
          <Skeletons count={6} className="category-card skeleton" />
        </div>
      ) : error && !data ? (
        <LoadFailed message={t('catalog.gamesLoadFailed')} onRetry={mutate} />
      ) : categories.length === 0 ? (
        <div className="empty-state">
          <p>{t('catalog.gridEmpty')}</p>
          <Link className="button button-ghost button-small" to={paths.home}>
            {t('catalog.seeAllGamesAndCards')}
          </Link>
        </div>
      ) : (
        <ul className="card-grid" data-testid="category-grid">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link className="category-card" to={categoryPath(category)}>
                <img src={category.image} alt="" width={300} height={300} loading={index < 6 ? 'eager' : 'lazy'} decoding="async" />
                <span className="category-name">{categoryName(category.cname)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { CardCarousel } from '../../../components/card-carousel';
import { categoryName, categoryPath, isCodeCategory } from '../../../config/paths';
import { useMasterCategories } from '../api/get-master-categories';
import { useT } from '../messages';

/** The other games and gift cards, in the page carousel. */
export function MoreCategories({ currentId }: { currentId: string }) {
  const { t } = useT();
  const { data } = useMasterCategories();
  const others = (data ?? []).filter((category) => category.id !== currentId);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="more-categories-title">
      <h2 id="more-categories-title" className="section-title">
        {t('catalog.moreCategories')}
      </h2>
      <CardCarousel
        label={t('catalog.moreCategories')}
        items={others}
        itemKey={(category) => category.id}
        renderItem={(category) => (
          <Link className="mini-card" to={categoryPath(category)}>
            <img src={category.image} alt="" width={72} height={72} loading="lazy" />
            <span>
              <span className="mini-card-name">{categoryName(category.cname)}</span>
              <span className="mini-card-note">{isCodeCategory(category.cname) ? t('catalog.giftCardCodes') : t('catalog.gameTopUp')}</span>
            </span>
          </Link>
        )}
      />
    </section>
  );
}

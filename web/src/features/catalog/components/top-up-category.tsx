import { isPlayerIdGroup } from '@contract/rules';
import { Link } from 'react-router-dom';
import { ClockIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useMasterCategories } from '../api/get-master-categories';
import { usePlanGroups } from '../api/get-plan-groups';
import { deliveryEstimate } from '../delivery-estimate';
import { useT } from '../messages';
import { MoreCategories } from './more-categories';
import { OrderForm } from './order-form';
import '../catalog.css';
import '../order-summary.css';
import '../more-games.css';
import '../confirm-top-up.css';
import { Skeletons } from '../../../components/skeletons';

interface TopUpCategoryProps {
  categoryId: string;
  /** The plan group whose order form is open (kept in the URL); none: the player-ID group. */
  selectedGroupId: string | null;
  /** A plan group named instead of chosen (Buy again's link names the group an order was placed in). */
  selectedGroupName?: string | null;
  onSelectGroup: (groupId: string) => void;
  /** While the shop is closed buying is disabled (the page says why). */
  shopClosed: boolean;
}

/**
 * A game's top-up page: the game, then at once the order form of the plan group asked for, else of
 * the player-ID group (or the first), with a small link to the other groups (game-account login
 * orders), then more games.
 */
export function TopUpCategory({ categoryId, selectedGroupId, selectedGroupName, onSelectGroup, shopClosed }: TopUpCategoryProps) {
  const { t, number } = useT();
  const { data: categories } = useMasterCategories();
  const { data: groups, error, isLoading, mutate: reloadGroups } = usePlanGroups(categoryId);
  const category = categories?.find((candidate) => candidate.id === categoryId);
  const openGroup =
    groups?.find((group) => group.id === selectedGroupId) ??
    groups?.find((group) => group.cname === selectedGroupName) ??
    groups?.find((group) => isPlayerIdGroup(group.cname)) ??
    groups?.[0];
  const otherGroups = groups?.filter((group) => group !== openGroup) ?? [];

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="container status-page">
        <h1>{t('catalog.gameNotFound')}</h1>
        <p>{t('catalog.gameNotFoundText')}</p>
        <Link className="button button-primary" to={paths.playerIdTopup}>
          {t('catalog.seeAllGames')}
        </Link>
      </div>
    );
  }

  return (
    <div className="container page">
      <section className="panel category-hero">
        {category ? <img src={category.image} alt="" width={112} height={112} /> : <div className="hero-image skeleton" />}
        <div className="hero-text">
          <h1>{category?.cname ?? t('catalog.loading')}</h1>
          <div className="hero-meta">
            <Link className="chip chip-link" to={paths.playerIdTopup}>
              {t('catalog.playerIdTopup')}
            </Link>
            <span className="chip chip-ok">
              <ClockIcon size={16} /> {t('catalog.delivery', { estimate: deliveryEstimate(t, number) })}
            </span>
          </div>
        </div>
      </section>

      {error ? (
        <LoadFailed message={t('catalog.topUpsLoadFailed')} onRetry={reloadGroups} />
      ) : isLoading || !groups ? (
        <div className="panel order-form" aria-busy="true">
          <div className="plan-grid">
            <Skeletons count={6} className="plan-option skeleton" />
          </div>
        </div>
      ) : !openGroup ? (
        <div className="empty-state">
          <p>{t('catalog.noTopUps')}</p>
          <Link className="button button-ghost button-small" to={paths.playerIdTopup}>
            {t('catalog.seeOtherGames')}
          </Link>
        </div>
      ) : (
        <section className="order-section" aria-label={t('catalog.order')}>
          {otherGroups.length > 0 && (
            <nav className="group-switch" aria-label={t('catalog.otherTopUpTypes')} data-testid="plan-groups">
              <span className="muted">
                {isPlayerIdGroup(openGroup.cname) ? t('catalog.loginTopUpQuestion') : t('catalog.otherWaysToTopUp')}
              </span>
              {otherGroups.map((group) => (
                <button key={group.id} type="button" className="link-button" onClick={() => onSelectGroup(group.id)}>
                  {group.cname}
                </button>
              ))}
            </nav>
          )}
          <OrderForm key={openGroup.id} group={openGroup} gameName={category?.cname ?? ''} shopClosed={shopClosed} />
        </section>
      )}

      <MoreCategories currentId={categoryId} />
    </div>
  );
}

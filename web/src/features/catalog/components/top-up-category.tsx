import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ClockIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { paths } from '../../../config/paths';
import { topUpDeliveryEstimate } from '../../../config/site';
import { ApiError } from '../../../lib/api';
import { useMasterCategories } from '../api/get-master-categories';
import { usePlanGroups } from '../api/get-plan-groups';
import { MoreCategories } from './more-categories';
import { OrderForm } from './order-form';
import '../catalog.css';
import { Skeletons } from '../../../components/skeletons';

interface TopUpCategoryProps {
  categoryId: string;
  /** The plan group whose order form is open (kept in the URL). */
  selectedGroupId: string | null;
  onSelectGroup: (groupId: string) => void;
  /** While the shop is closed buying is disabled (the page says why). */
  shopClosed: boolean;
}

/** A game's top-up page: the game, its plan-group cards, the chosen group's order form, more games. */
export function TopUpCategory({ categoryId, selectedGroupId, onSelectGroup, shopClosed }: TopUpCategoryProps) {
  const { data: categories } = useMasterCategories();
  const { data: groups, error, isLoading, mutate: reloadGroups } = usePlanGroups(categoryId);
  const formRef = useRef<HTMLElement>(null);
  const scrollPending = useRef(false);
  const category = categories?.find((candidate) => candidate.id === categoryId);
  const selectedGroup = groups?.find((group) => group.id === selectedGroupId);

  useEffect(() => {
    if (!scrollPending.current || !selectedGroup) return;
    scrollPending.current = false;
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selectedGroup]);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="container status-page">
        <h1>Game not found</h1>
        <p>This game is not in the shop, or its link has changed.</p>
        <Link className="button button-primary" to={paths.playerIdTopup}>
          See all games
        </Link>
      </div>
    );
  }

  const choose = (groupId: string) => {
    scrollPending.current = true;
    onSelectGroup(groupId);
  };

  return (
    <div className="container page">
      <section className="panel category-hero">
        {category ? <img src={category.image} alt="" width={112} height={112} /> : <div className="hero-image skeleton" />}
        <div className="hero-text">
          <h1>{category?.cname ?? 'Loading…'}</h1>
          <div className="hero-meta">
            <Link className="chip chip-link" to={paths.playerIdTopup}>
              Player ID Topup
            </Link>
            <span className="chip chip-ok">
              <ClockIcon size={16} /> Delivery {topUpDeliveryEstimate}
            </span>
          </div>
        </div>
      </section>

      <section aria-labelledby="group-cards-title">
        <h2 id="group-cards-title" className="section-title">
          Choose a top-up
        </h2>
        <p className="section-lead">Pick how you want to top up and the order form opens below.</p>
        {error ? (
          <LoadFailed message="The top-ups could not be loaded." onRetry={reloadGroups} />
        ) : isLoading || !groups ? (
          <div className="card-grid group-grid" aria-busy="true">
            <Skeletons count={2} className="category-card skeleton" />
          </div>
        ) : groups.length === 0 ? (
          <div className="empty-state">
            <p>No top-ups for this game yet. Please check back soon.</p>
            <Link className="button button-ghost button-small" to={paths.playerIdTopup}>
              See other games
            </Link>
          </div>
        ) : (
          <ul className="card-grid group-grid" data-testid="plan-groups">
            {groups.map((group) => (
              <li key={group.id}>
                <button
                  type="button"
                  className={group.id === selectedGroup?.id ? 'category-card group-card selected' : 'category-card group-card'}
                  aria-pressed={group.id === selectedGroup?.id}
                  onClick={() => choose(group.id)}
                >
                  <img src={group.image} alt="" width={300} height={300} />
                  <span className="category-name">{group.cname}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {selectedGroup && (
        <section ref={formRef} className="order-section" aria-label="Order">
          <OrderForm key={selectedGroup.id} group={selectedGroup} gameName={category?.cname ?? ''} shopClosed={shopClosed} />
        </section>
      )}

      <MoreCategories currentId={categoryId} />
    </div>
  );
}

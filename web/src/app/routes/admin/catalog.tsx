import { useSearchParams } from 'react-router-dom';
import { useAdminCatalog } from '../../../features/admin/catalog/api/get-catalog';
import { CatalogTree } from '../../../features/admin/catalog/components/catalog-tree';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** Games and plans: the tree game → plan group → plans; the open game is ?game= */
export function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const { data, error, isValidating, mutate } = useAdminCatalog();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Games and plans</h1>
        <button type="button" className="button button-ghost button-small" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {data ? (
        <CatalogTree
          catalog={data}
          openGameId={params.get('game') ?? undefined}
          onOpenGame={(gameId) => setParams(gameId ? { game: gameId } : {}, { replace: true })}
        />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the catalog" />
      ) : (
        <Loading label="Loading the catalog" />
      )}
    </section>
  );
}

export { CatalogPage as Component };

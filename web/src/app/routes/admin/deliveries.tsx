import { useAdminDeliveries } from '../../../features/admin/deliveries/api/get-deliveries';
import { DeliveriesView } from '../../../features/admin/deliveries/components/deliveries-view';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** Automatic delivery at a glance, kept current on its own. */
export function DeliveriesPage() {
  const { data, error, isValidating, mutate } = useAdminDeliveries();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Deliveries</h1>
        <button type="button" className="button button-ghost button-small" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {data ? (
        <DeliveriesView deliveries={data} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the deliveries" />
      ) : (
        <Loading label="Loading the deliveries" />
      )}
    </section>
  );
}

export { DeliveriesPage as Component };

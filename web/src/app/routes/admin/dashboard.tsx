import { useDashboard } from '../../../features/admin/dashboard/api/get-dashboard';
import { DashboardView } from '../../../features/admin/dashboard/components/dashboard-view';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** The console's home: today's figures and what needs attention. */
export function DashboardPage() {
  const { data, error, isValidating, mutate } = useDashboard();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Dashboard</h1>
        <button type="button" className="button button-ghost button-small" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {data ? (
        <DashboardView dashboard={data} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the dashboard" />
      ) : (
        <Loading label="Loading the dashboard" />
      )}
    </section>
  );
}

export { DashboardPage as Component };

import type { WireStatus } from '@contract/wire';
import { useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminWalletRequests } from '../../../features/admin/api/get-wallet-requests';
import { PagedList } from '../../../features/admin/components/list-states';
import { StatusTabs } from '../../../features/admin/components/status-tabs';
import { WalletRequestsTable } from '../../../features/admin/components/wallet-requests-table';

const statuses: { status: WireStatus; label: string; empty: string }[] = [
  { status: '0', label: 'Pending', empty: 'No pending top-ups.' },
  { status: '1', label: 'Completed', empty: 'No completed top-ups yet.' },
  { status: '2', label: 'Cancelled', empty: 'No cancelled top-ups.' },
];

/** Every shopper's wallet top-ups: ?status=0|1|2, newest first. */
export function WalletRequestsPage() {
  const [params] = useSearchParams();
  const value = params.get('status');
  const status: WireStatus = value === '1' || value === '2' ? value : '0';
  const list = useAdminWalletRequests(status);
  const current = statuses.find((entry) => entry.status === status)!;
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Top-ups</h1>
        <button type="button" className="button button-ghost button-small" onClick={list.reload} disabled={list.isLoading}>
          Refresh
        </button>
      </div>
      <div className="admin-filters">
        <StatusTabs label="Top-up status" tabs={statuses.map((entry) => ({ label: entry.label, to: adminPaths.walletRequests(entry.status), active: entry.status === status }))} />
      </div>
      <PagedList list={list} what="top-ups" empty={current.empty}>
        {(requests) => <WalletRequestsTable requests={requests} />}
      </PagedList>
    </section>
  );
}

export { WalletRequestsPage as Component };

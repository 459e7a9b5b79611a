import { useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminWalletRequests } from '../../../features/admin/wallet-requests/api/get-wallet-requests';
import { FilterTabs } from '../../../features/admin/kit/components/filter-tabs';
import { ListPage } from '../../../features/admin/kit/components/list-page';
import { WalletRequestsTable } from '../../../features/admin/wallet-requests/components/wallet-requests-table';
import { type TopUpStatus, topUpStatusParam } from '../../../lib/statuses';

const statuses: { status: TopUpStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Pending', empty: 'No pending top-ups.' },
  { status: 'completed', label: 'Completed', empty: 'No completed top-ups yet.' },
  { status: 'cancelled', label: 'Cancelled', empty: 'No cancelled top-ups.' },
];

/** Every shopper's wallet top-ups: ?status=0|1|2, newest first. */
export function WalletRequestsPage() {
  const [params] = useSearchParams();
  const status = topUpStatusParam(params.get('status'));
  const list = useAdminWalletRequests(status);
  const current = statuses.find((entry) => entry.status === status)!;
  const filters = (
    <FilterTabs
      label="Top-up status"
      tabs={statuses.map((entry) => ({ label: entry.label, to: adminPaths.walletRequests(entry.status), active: entry.status === status }))}
    />
  );
  return (
    <ListPage title="Top-ups" filters={filters} list={list} what="top-ups" empty={current.empty}>
      {(requests) => <WalletRequestsTable requests={requests} />}
    </ListPage>
  );
}

export { WalletRequestsPage as Component };

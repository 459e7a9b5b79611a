import { useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { type ClaimStatus, useClaims } from '../../../features/admin/claims/api/get-claims';
import { ClaimsList } from '../../../features/admin/claims/components/claims-list';
import { FilterTabs } from '../../../features/admin/kit/components/filter-tabs';
import { ListPage } from '../../../features/admin/kit/components/list-page';

const statuses: { status: ClaimStatus; label: string; empty: string }[] = [
  { status: 'open', label: 'Open', empty: 'No open report. Nothing to answer.' },
  { status: 'closed', label: 'Closed', empty: 'No closed report yet.' },
];

/** Shoppers' reports of a problem with an order: ?status=open (the queue, oldest first) or closed (newest first). */
export function ClaimsPage() {
  const [params] = useSearchParams();
  const status: ClaimStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const list = useClaims(status);
  const current = statuses.find((entry) => entry.status === status)!;
  const filters = (
    <FilterTabs
      label="Report status"
      tabs={statuses.map((entry) => ({ label: entry.label, to: adminPaths.claims(entry.status), active: entry.status === status }))}
    />
  );
  return (
    <ListPage title="Claims" filters={filters} list={list} what="reports" empty={current.empty}>
      {(items) => <ClaimsList items={items} />}
    </ListPage>
  );
}

export { ClaimsPage as Component };

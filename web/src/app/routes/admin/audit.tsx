import { useAudit } from '../../../features/admin/audit/api/get-audit';
import { AuditTable } from '../../../features/admin/audit/components/audit-table';
import { ListPage } from '../../../features/admin/kit/components/list-page';

/** Every operator write and reveal, newest first. */
export function AuditPage() {
  const list = useAudit();
  return (
    <ListPage title="Audit" list={list} what="the audit log" empty="Nothing recorded yet.">
      {(entries) => <AuditTable entries={entries} />}
    </ListPage>
  );
}

export { AuditPage as Component };

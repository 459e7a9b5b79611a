import { useAudit } from '../../../features/admin/api/get-audit';
import { AuditTable } from '../../../features/admin/components/audit-table';
import { PagedList } from '../../../features/admin/components/list-states';

/** Every operator write and reveal, newest first. */
export function AuditPage() {
  const list = useAudit();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Audit</h1>
        <button type="button" className="button button-ghost button-small" onClick={list.reload} disabled={list.isLoading}>
          Refresh
        </button>
      </div>
      <PagedList list={list} what="the audit log" empty="Nothing recorded yet.">
        {(entries) => <AuditTable entries={entries} />}
      </PagedList>
    </section>
  );
}

export { AuditPage as Component };

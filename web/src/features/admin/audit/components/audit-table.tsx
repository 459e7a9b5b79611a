import type { AuditRow } from '@contract/admin-wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime } from '../../../../lib/format';
import { auditEntryKey } from '../api/get-audit';
import { AdminTable, type Column } from '../../kit/components/admin-table';

/** Where an audit entry's target leads, when the console has a page for it. */
function targetPath(entry: AuditRow): string | undefined {
  if (entry.action.startsWith('order.')) return adminPaths.order(entry.target);
  if (entry.action.startsWith('user.')) return adminPaths.user(entry.target);
  return undefined;
}

const columns: Column<AuditRow>[] = [
  { header: 'When', cell: (entry) => dateTime(entry.at) },
  {
    header: 'Who',
    cell: (entry) =>
      entry.actor_id.startsWith('cli:') ? (
        <span className="mono wrap">{entry.actor_id}</span>
      ) : (
        <Link className="text-link mono" to={adminPaths.user(entry.actor_id)}>
          {entry.actor_id}
        </Link>
      ),
  },
  { header: 'Action', cell: (entry) => <span className="badge badge-muted">{entry.action}</span> },
  {
    header: 'Target',
    cell: (entry) => {
      const target = targetPath(entry);
      return target ? (
        <Link className="text-link mono wrap" to={target}>
          {entry.target}
        </Link>
      ) : (
        <span className="mono wrap">{entry.target}</span>
      );
    },
  },
  { header: 'Detail', className: 'cell-detail', cell: (entry) => <span className="wrap">{entry.detail}</span> },
];

/** Every operator write and reveal, newest first. */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  return <AdminTable rows={entries} columns={columns} rowKey={auditEntryKey} />;
}

import type { AuditRow } from '@contract/wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { dateTime } from '../../../lib/format';

/** Where an audit entry's target leads, when the console has a page for it. */
function targetPath(entry: AuditRow): string | undefined {
  if (entry.action.startsWith('order.')) return adminPaths.order(entry.target);
  if (entry.action.startsWith('user.')) return adminPaths.user(entry.target);
  return undefined;
}

/** Every operator write and reveal, newest first. */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>Action</th>
            <th>Target</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const target = targetPath(entry);
            return (
              <tr key={[entry.at, entry.actor_id, entry.action, entry.target, entry.detail].join('|')}>
                <td data-label="When">{dateTime(entry.at)}</td>
                <td data-label="Who">
                  {entry.actor_id.startsWith('cli:') ? (
                    <span className="mono wrap">{entry.actor_id}</span>
                  ) : (
                    <Link className="text-link mono" to={adminPaths.user(entry.actor_id)}>
                      {entry.actor_id}
                    </Link>
                  )}
                </td>
                <td data-label="Action">
                  <span className="badge badge-muted">{entry.action}</span>
                </td>
                <td data-label="Target">
                  {target ? (
                    <Link className="text-link mono wrap" to={target}>
                      {entry.target}
                    </Link>
                  ) : (
                    <span className="mono wrap">{entry.target}</span>
                  )}
                </td>
                <td data-label="Detail" className="cell-detail">
                  <span className="wrap">{entry.detail}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

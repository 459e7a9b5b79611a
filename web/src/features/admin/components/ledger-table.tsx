import type { LedgerEntryRow } from '@contract/wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { dateTime, taka } from '../../../lib/format';
import { signedTaka } from '../format';

const reasons: Record<LedgerEntryRow['reason'], string> = { topup: 'Top-up', purchase: 'Purchase', refund: 'Refund', adjustment: 'Adjustment' };

/** A wallet's ledger, newest first: what moved the balance, by how much, and the balance after. */
export function LedgerTable({ entries }: { entries: LedgerEntryRow[] }) {
  if (entries.length === 0) return <p className="empty-state">No wallet activity yet.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Change</th>
            <th>Balance after</th>
            <th>Reason</th>
            <th>Reference</th>
            <th>Date</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.seq}>
              <td data-label="#">{entry.seq}</td>
              <td data-label="Change">
                <strong className={entry.delta < 0 ? 'amount delta-out' : 'amount delta-in'}>{signedTaka(entry.delta)}</strong>
              </td>
              <td data-label="Balance after">{taka(entry.balance_after)}</td>
              <td data-label="Reason">{reasons[entry.reason] ?? entry.reason}</td>
              <td data-label="Reference">
                {entry.reason === 'refund' ? (
                  <Link className="text-link mono wrap" to={adminPaths.order(entry.reference)}>
                    {entry.reference}
                  </Link>
                ) : (
                  <span className="mono wrap">{entry.reference || '—'}</span>
                )}
              </td>
              <td data-label="Date">{dateTime(entry.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

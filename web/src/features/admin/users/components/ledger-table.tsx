import type { LedgerEntryRow } from '@contract/wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime, taka } from '../../../../lib/format';
import { signedTaka } from '../../kit/format';
import { AdminTable, type Column } from '../../kit/components/admin-table';

const reasons: Record<LedgerEntryRow['reason'], string> = {
  topup: 'Top-up',
  purchase: 'Purchase',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

const columns: Column<LedgerEntryRow>[] = [
  { header: '#', cell: (entry) => entry.seq },
  {
    header: 'Change',
    cell: (entry) => <strong className={entry.delta < 0 ? 'amount delta-out' : 'amount delta-in'}>{signedTaka(entry.delta)}</strong>,
  },
  { header: 'Balance after', cell: (entry) => taka(entry.balance_after) },
  { header: 'Reason', cell: (entry) => reasons[entry.reason] ?? entry.reason },
  {
    header: 'Reference',
    cell: (entry) =>
      entry.reason === 'refund' ? (
        <Link className="text-link mono wrap" to={adminPaths.order(entry.reference)}>
          {entry.reference}
        </Link>
      ) : (
        <span className="mono wrap">{entry.reference || '—'}</span>
      ),
  },
  { header: 'Date', cell: (entry) => dateTime(entry.created_at) },
];

/** A wallet's ledger, newest first: what moved the balance, by how much, and the balance after. */
export function LedgerTable({ entries }: { entries: LedgerEntryRow[] }) {
  if (entries.length === 0) return <p className="empty-state">No wallet activity yet.</p>;
  return <AdminTable rows={entries} columns={columns} rowKey={(entry) => String(entry.seq)} />;
}

import { StatusBadge } from '../../../components/status-badge';
import { dateTime, taka } from '../../../lib/format';
import type { WalletRequest } from '../api/get-wallet-requests';

/** The wallet's top-ups, newest first; a card per row on a phone. */
export function WalletHistory({ requests }: { requests: WalletRequest[] }) {
  if (requests.length === 0) return <p className="empty-state">No wallet transactions yet. Add money to start shopping.</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th>Request</th>
          <th>Date</th>
          <th>Amount</th>
          <th>Paid with</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => (
          <tr key={request.rq_id}>
            <td data-label="Request">
              <span className="mono">{request.rq_id}</span>
              <small className="muted block">txn {request.txn_id}</small>
            </td>
            <td data-label="Date">{dateTime(request.created_at)}</td>
            <td data-label="Amount" className="amount">
              {taka(request.amount)}
            </td>
            <td data-label="Paid with">{request.sender_name ? `${request.sender_name} ${request.sender_id}` : '—'}</td>
            <td data-label="Status">
              <StatusBadge status={request.status} kind="wallet" />
              {request.status === '2' && request.cancel_reason && <small className="muted block">{request.cancel_reason}</small>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

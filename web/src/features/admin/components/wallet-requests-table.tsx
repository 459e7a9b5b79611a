import type { AdminWalletRequestRow } from '@contract/wire';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { adminPaths } from '../../../config/admin-paths';
import { dateTime, taka } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useVerifyWalletRequest } from '../api/verify-wallet-request';
import { ago } from '../format';

/** Every shopper's wallet top-ups; a pending one can be checked with the gateway at once. */
export function WalletRequestsTable({ requests }: { requests: AdminWalletRequestRow[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            <th>Amount</th>
            <th>Shopper</th>
            <th>Transaction</th>
            <th>Requested</th>
            <th>Status</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.rq_id} data-request-id={request.rq_id}>
              <td className="cell-lead">
                <strong className="amount big-amount">{taka(request.amount)}</strong>
              </td>
              <td data-label="Shopper">
                <Link className="text-link mono" to={adminPaths.user(request.user_id)}>
                  {request.user_id}
                </Link>
              </td>
              <td data-label="Transaction">
                <span className="mono wrap">
                  {request.txn_id || '—'}
                  {request.invoice_id && <small className="muted block">Invoice {request.invoice_id}</small>}
                </span>
              </td>
              <td data-label="Requested">
                <span title={dateTime(request.created_at)}>
                  {ago(request.created_at)}
                  <small className="muted block">{dateTime(request.created_at)}</small>
                </span>
              </td>
              <td data-label="Status">
                <span>
                  <StatusBadge status={request.status} kind="wallet" />
                  {request.cancel_reason && <small className="muted block remark">{request.cancel_reason}</small>}
                </span>
              </td>
              <td className="cell-actions">{request.status === '0' && <VerifyButton request={request} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Verify now": asks the gateway, then says what it answered; the row shows the new status. */
function VerifyButton({ request }: { request: AdminWalletRequestRow }) {
  const { trigger } = useVerifyWalletRequest();
  const { busy, run } = useAction('The payment could not be verified');
  if (!request.invoice_id) return <small className="muted">Never reached the gateway</small>;
  const verify = () =>
    run(async () => {
      const { status, message } = await trigger({ rq_id: request.rq_id, user_id: request.user_id });
      if (status === '1') toast.success(message);
      else if (status === '2') toast.warning(message);
      else toast.info(message);
    });
  return (
    <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => void verify()}>
      {busy ? 'Verifying…' : 'Verify now'}
    </button>
  );
}

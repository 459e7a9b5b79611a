import type { AdminWalletRequest } from '../api/get-wallet-requests';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { useVerifyWalletRequest } from '../api/verify-wallet-request';
import { methodName } from '../../payments/format';
import { AdminTable, type Column, StatusWithNote, TimeAgo } from '../../kit/components/admin-table';

const columns: Column<AdminWalletRequest>[] = [
  { header: 'Amount', lead: true, cell: (request) => <strong className="amount big-amount">{taka(request.amount)}</strong> },
  {
    header: 'Shopper',
    cell: (request) => (
      <Link className="text-link mono" to={adminPaths.user(request.user_id)}>
        {request.user_id}
      </Link>
    ),
  },
  {
    header: 'Transaction',
    cell: (request) => (
      <span className="mono wrap">
        {request.txn_id || '—'}
        {request.invoice_id && <small className="muted block">Invoice {request.invoice_id}</small>}
        {request.receipt && (
          <small className="muted block" data-receipt="">
            {methodName(request.receipt.payment_method)} from {request.receipt.sender_number} · TrxID{' '}
            {request.receipt.transaction_id || '—'}
          </small>
        )}
      </span>
    ),
  },
  { header: 'Requested', cell: (request) => <TimeAgo iso={request.created_at} /> },
  { header: 'Status', cell: (request) => <StatusWithNote status={request.status} note={request.cancel_reason} /> },
];

/** Every shopper's wallet top-ups; a pending one can be checked with the gateway at once. */
export function WalletRequestsTable({ requests }: { requests: AdminWalletRequest[] }) {
  return (
    <AdminTable
      rows={requests}
      columns={columns}
      rowKey={(request) => request.rq_id}
      rowAttributes={(request) => ({ 'data-request-id': request.rq_id })}
      actions={(request) => request.status === 'pending' && <VerifyButton request={request} />}
    />
  );
}

/** "Verify now": asks the gateway, then says what it answered; the row shows the new status. */
function VerifyButton({ request }: { request: AdminWalletRequest }) {
  const { trigger } = useVerifyWalletRequest();
  const { busy, run } = useAction('The payment could not be verified');
  if (!request.invoice_id)
    return (
      <small className="muted">
        No invoice id yet:{' '}
        <Link className="text-link" to={adminPaths.payments()}>
          settle it in Payments
        </Link>
      </small>
    );
  const verify = () =>
    run(async () => {
      const { status, message } = await trigger({ rq_id: request.rq_id, user_id: request.user_id });
      if (status === 'completed') toast.success(message);
      else if (status === 'cancelled') toast.warning(message);
      else toast.info(message);
    });
  return (
    <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => void verify()}>
      {busy ? 'Verifying…' : 'Verify now'}
    </button>
  );
}

import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { dateTime, taka } from '../../../lib/format';
import { PaymentActions } from '../../payments/components/payment-actions';
import { type WalletRequest, awaitsPayment } from '../api/get-wallet-requests';

/** The anchor of a top-up's row, which its statement line links to. */
export const topUpAnchor = (rqId: string) => `topup-${rqId}`;

/** The wallet's top-ups, newest first; one still waiting for its payment says so, with Pay now and Cancel. A card per row on a phone. */
export function WalletHistory({ requests }: { requests: WalletRequest[] }) {
  if (requests.length === 0) {
    return (
      <div className="empty-state">
        <p>No wallet transactions yet. Add money to start shopping.</p>
        <Link className="button button-primary button-small" to={paths.addMoney}>
          Add money
        </Link>
      </div>
    );
  }
  return (
    <table className="data-table" data-testid="top-ups">
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
          <tr key={request.rq_id} id={topUpAnchor(request.rq_id)} data-txn-id={request.txn_id}>
            <td data-label="Request">
              <span className="mono">{request.rq_id}</span>
              <small className="muted block">txn {request.txn_id}</small>
            </td>
            <td data-label="Date">{dateTime(request.created_at)}</td>
            <td data-label="Amount" className="amount">
              {taka(request.amount)}
            </td>
            <td data-label="Paid with" className="wrap">
              {request.sender_name ? `${request.sender_name} ${request.sender_id}` : '—'}
              {request.transaction_id && <small className="muted block mono">TrxID {request.transaction_id}</small>}
            </td>
            <td data-label="Status">
              {awaitsPayment(request) ? (
                <span className="awaiting-cell">
                  <span className="status-badge status-wait">Awaiting payment</span>
                  <PaymentActions
                    payment={{
                      kind: 'wallet',
                      id: request.rq_id,
                      paymentUrl: request.payment_url,
                      from: `${paths.addMoney}?amount=${request.amount}`,
                    }}
                    confirmingSince={request.payment_confirming ? request.created_at : undefined}
                  />
                </span>
              ) : (
                <>
                  <StatusBadge status={request.status} />
                  {request.status === 'cancelled' && request.cancel_reason && (
                    <small className="muted block">{request.cancel_reason}</small>
                  )}
                  {request.paid_late && (
                    <small className="muted block">Paid after it was cancelled: added to your wallet all the same</small>
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { useServerWords } from '../../../lib/server-messages';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { PaymentActions } from '../../payments/components/payment-actions';
import { type WalletRequest, awaitsPayment } from '../api/get-wallet-requests';
import { useT } from '../messages';

/** The anchor of a top-up's row, which its statement line links to. */
export const topUpAnchor = (rqId: string) => `topup-${rqId}`;

/** The wallet's top-ups, newest first; one still waiting for its payment says so, with Pay now and Cancel. A card per row on a phone. */
export function WalletHistory({ requests }: { requests: WalletRequest[] }) {
  const serverWords = useServerWords();
  const { t, taka, dateTime } = useT();
  if (requests.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('wallet.historyEmpty')}</p>
        <Link className="button button-primary button-small" to={paths.addMoney}>
          {t('wallet.addMoneyLink')}
        </Link>
      </div>
    );
  }
  return (
    <table className="data-table" data-testid="top-ups">
      <thead>
        <tr>
          <th>{t('wallet.request')}</th>
          <th>{t('wallet.date')}</th>
          <th>{t('wallet.amount')}</th>
          <th>{t('wallet.paidWith')}</th>
          <th>{t('wallet.status')}</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => (
          <tr key={request.rq_id} id={topUpAnchor(request.rq_id)} data-txn-id={request.txn_id}>
            <td data-label={t('wallet.request')}>
              <span className="mono">{request.rq_id}</span>
              <small className="muted block">{t('wallet.txnId', { id: request.txn_id })}</small>
            </td>
            <td data-label={t('wallet.date')}>{dateTime(request.created_at)}</td>
            <td data-label={t('wallet.amount')} className="amount">
              {taka(request.amount)}
            </td>
            <td data-label={t('wallet.paidWith')} className="wrap">
              {request.sender_name ? `${request.sender_name} ${request.sender_id}` : '—'}
              {request.transaction_id && <small className="muted block mono">{t('wallet.trxId', { id: request.transaction_id })}</small>}
            </td>
            <td data-label={t('wallet.status')}>
              {awaitsPayment(request) ? (
                <span className="awaiting-cell">
                  <span className="status-badge status-wait">{t('wallet.awaitingPayment')}</span>
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
                  {/* The server's own words (expired, Cancelled by you, Payment failed), shown as they come. */}
                  {request.status === 'cancelled' && request.cancel_reason && (
                    <small className="muted block">{serverWords(request.cancel_reason)}</small>
                  )}
                  {request.paid_late && <small className="muted block">{t('wallet.paidLate')}</small>}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

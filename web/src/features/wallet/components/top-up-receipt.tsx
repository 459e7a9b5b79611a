import { Link } from 'react-router-dom';
import { Receipt } from '../../../components/receipt';
import { paths, safeNext } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { useWalletRequests } from '../api/get-wallet-requests';
import { useT } from '../messages';

interface TopUpReceiptProps {
  /** The top-up request's id. */
  id: string;
  /** Where the money was meant for (the page that started it), if this tab knows it. */
  from?: string;
  note?: string;
  /** h1 where the receipt is the page. */
  heading?: 'h1' | 'h2';
}

/** The receipt of a wallet top-up paid through the gateway: the amount credited and the new balance. */
export function TopUpReceipt({ id, from, note, heading }: TopUpReceiptProps) {
  const { t, taka } = useT();
  const { data: requests } = useWalletRequests();
  const { data: user } = useUser();
  const request = requests?.find((candidate) => candidate.rq_id === id);
  if (!request)
    return (
      <p className="notice notice-wait" role="status">
        {t('wallet.checkingPayment')}
      </p>
    );
  const paid = request.status === 'completed';
  const rows: [string, React.ReactNode][] = [
    [t('wallet.amount'), taka(request.amount)],
    [t('wallet.topUpNumber'), request.rq_id],
  ];
  if (request.sender_name) rows.push([t('wallet.paidWith'), `${request.sender_name} ${request.sender_id}`]);
  if (paid && user) rows.push([t('wallet.newBalance'), taka(user.wallet_balance)]);
  // A top-up started from Add Money for a purchase goes back to that purchase's page afterwards.
  const back = from && new URL(from, window.location.origin).searchParams.get('return');
  return (
    <Receipt
      tone={paid ? 'ok' : request.status === 'pending' ? 'wait' : 'off'}
      title={
        paid
          ? t('wallet.receiptPaidTitle')
          : request.status === 'pending'
            ? t('wallet.receiptPendingTitle')
            : t('wallet.receiptCancelledTitle')
      }
      status={
        paid
          ? t('wallet.receiptPaidStatus', { amount: taka(request.amount) })
          : request.status === 'pending'
            ? t('wallet.receiptPendingStatus')
            : t('wallet.receiptCancelledStatus')
      }
      rows={rows}
      next={
        paid
          ? t('wallet.receiptPaidNext')
          : request.status === 'pending'
            ? t('wallet.receiptPendingNext')
            : t('wallet.receiptCancelledNext')
      }
      note={note}
      heading={heading}
      actions={
        <>
          <Link className="button button-primary button-small" to={back ? safeNext(back) : paths.playerIdTopup}>
            {back ? t('wallet.backToPurchase') : t('wallet.topUpAGame')}
          </Link>
          <Link className="button button-ghost button-small" to={paths.profileWallet}>
            {t('wallet.myWallet')}
          </Link>
        </>
      }
    />
  );
}

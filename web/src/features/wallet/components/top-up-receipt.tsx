import { Link } from 'react-router-dom';
import { Receipt } from '../../../components/receipt';
import { paths, safeNext } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { taka } from '../../../lib/format';
import { useWalletRequests } from '../api/get-wallet-requests';

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
  const { data: requests } = useWalletRequests();
  const { data: user } = useUser();
  const request = requests?.find((candidate) => candidate.rq_id === id);
  if (!request)
    return (
      <p className="notice notice-wait" role="status">
        Checking your payment…
      </p>
    );
  const paid = request.status === 'completed';
  const rows: [string, React.ReactNode][] = [
    ['Amount', taka(request.amount)],
    ['Top-up number', request.rq_id],
  ];
  if (request.sender_name) rows.push(['Paid with', `${request.sender_name} ${request.sender_id}`]);
  if (paid && user) rows.push(['New balance', taka(user.wallet_balance)]);
  // A top-up started from Add Money for a purchase goes back to that purchase's page afterwards.
  const back = from && new URL(from, window.location.origin).searchParams.get('return');
  return (
    <Receipt
      tone={paid ? 'ok' : request.status === 'pending' ? 'wait' : 'off'}
      title={paid ? 'Payment received' : request.status === 'pending' ? 'Payment being confirmed' : 'Payment not completed'}
      status={
        paid
          ? `${taka(request.amount)} added to your wallet`
          : request.status === 'pending'
            ? 'Waiting for the payment provider'
            : 'Not paid — nothing was taken'
      }
      rows={rows}
      next={
        paid
          ? 'Your balance is ready to spend on any top-up or code.'
          : request.status === 'pending'
            ? 'The provider is confirming your payment; this can take a few hours. You do not need to pay again.'
            : 'You can add money again whenever you like.'
      }
      note={note}
      heading={heading}
      actions={
        <>
          <Link className="button button-primary button-small" to={back ? safeNext(back) : paths.playerIdTopup}>
            {back ? 'Back to your purchase' : 'Top up a game'}
          </Link>
          <Link className="button button-ghost button-small" to={paths.profileWallet}>
            My Wallet
          </Link>
        </>
      }
    />
  );
}

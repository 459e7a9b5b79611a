import './money-pages.css';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePaymentReturn } from '../../../features/payments/use-payment-return';
import { useWalletRequests } from '../../../features/wallet/api/get-wallet-requests';
import { WalletHistory } from '../../../features/wallet/components/wallet-history';
import { taka } from '../../../lib/format';
import { useProfileUser } from './layout';

/** My Wallet: the balance, the top-ups, and the gateway's return with an invoice id. */
export function WalletPage() {
  const user = useProfileUser();
  const { data, isLoading } = useWalletRequests();
  usePaymentReturn();
  return (
    <section className="panel">
      <div className="panel-head">
        <div>
          <h1>My Wallet</h1>
          <p className="muted">
            Balance <strong className="balance">{taka(user.wallet_balance)}</strong>
          </p>
        </div>
        <Link to={paths.addMoney} className="button button-primary button-small">
          Add Money
        </Link>
      </div>
      {isLoading ? <div className="skeleton table-skeleton" /> : <WalletHistory requests={data ?? []} />}
    </section>
  );
}

export { WalletPage as Component };

import './money-pages.css';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { paths } from '../../../config/paths';
import { PaymentReturn } from '../../../features/payments/components/payment-return';
import { useCodeHistory } from '../../../features/vouchers/api/get-code-history';
import { awaitsPayment, useWalletRequests } from '../../../features/wallet/api/get-wallet-requests';
import { TopUpReceipt } from '../../../features/wallet/components/top-up-receipt';
import { WalletHistory } from '../../../features/wallet/components/wallet-history';
import { type ReferenceLink, WalletStatement, defaultReferenceLink } from '../../../features/wallet/components/wallet-statement';
import { useT, walletMessages } from '../../../features/wallet/messages';
import { userKey } from '../../../lib/auth';
import { walletRequestsKey } from '../../../lib/cache-keys';
import { useListFollowsPayments } from '../../../features/payments/payment-follow';
import { useProfileUser } from './layout';
import { authMessages } from '../../../features/auth/messages';
import { paymentsMessages } from '../../../features/payments/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages, paymentsMessages, walletMessages];

/** My Wallet: the balance, the statement that adds up to it, the top-ups, or, when the gateway sends the payer back here, that top-up's receipt. */
export function WalletPage() {
  const { t, taka } = useT();
  const user = useProfileUser();
  const { data, isLoading } = useWalletRequests();
  const { data: codeOrders } = useCodeHistory();
  const { mutate } = useSWRConfig();
  useListFollowsPayments(Boolean(data?.some(awaitsPayment)), () => void Promise.all([mutate(walletRequestsKey), mutate(userKey)]));

  // A purchase is a plan order (its own page) or a code order (My Codes); the code history tells which.
  const codeOrderIds = new Set(codeOrders?.map((order) => order.order_id));
  const referenceLink: ReferenceLink = (line) =>
    line.reason === 'purchase' && codeOrderIds.has(line.reference)
      ? { to: paths.profileCodes, label: t('wallet.codesReference', { reference: line.reference }) }
      : defaultReferenceLink(line);

  return (
    <PaymentReturn kind="wallet" receipt={({ id, from, note }) => <TopUpReceipt id={id} from={from} note={note} heading="h1" />}>
      <section className="panel">
        <div className="panel-head">
          <div>
            <h1>{t('wallet.myWallet')}</h1>
            <p className="muted">
              {t('wallet.balance')} <strong className="balance">{taka(user.wallet_balance)}</strong>
            </p>
          </div>
          <Link to={paths.addMoney} className="button button-primary button-small">
            {t('wallet.addMoney')}
          </Link>
        </div>
        <h2 className="panel-subtitle">{t('wallet.statement')}</h2>
        <WalletStatement balance={user.wallet_balance} referenceLink={referenceLink} />
      </section>
      <section className="panel">
        <h2 className="panel-subtitle">{t('wallet.topUps')}</h2>
        {isLoading ? <div className="skeleton table-skeleton" /> : <WalletHistory requests={data ?? []} />}
      </section>
    </PaymentReturn>
  );
}

export { WalletPage as Component };

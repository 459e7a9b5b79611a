import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { useSessionToken } from '../../../lib/session';
import { useOrders } from '../api/get-orders';
import { canBuyAgain } from '../buy-again';
import { useT } from '../messages';
import { BuyAgainLink } from './buy-again-link';
import '../orders.css';

/** The home page's "Your last top-up" for a signed-in shopper: the newest placed order, with Buy again. Nothing for a visitor or before a first order. */
export function LastTopUp() {
  const { t, taka, dateTime } = useT();
  // Asked once the start-up check has confirmed a stored session (a revoked one is cleared quietly there).
  const { data: user } = useUser();
  const signedIn = Boolean(useSessionToken()) && user !== undefined;
  const { data: orders } = useOrders(signedIn);
  const last = orders?.find(canBuyAgain);
  if (!signedIn || !last) return null;
  return (
    <section className="panel last-top-up" aria-labelledby="last-top-up-title">
      <div>
        <h2 id="last-top-up-title" className="eyebrow">
          {t('orders.lastTopUp')}
        </h2>
        <p className="last-top-up-title">{last.game ? `${last.game} · ${last.plan_name}` : last.plan_name}</p>
        <p className="muted small">
          {last.by_player_id ? t('orders.playerIdValue', { id: last.saccount_id }) : last.saccount_id} · {taka(last.paid_amount)} ·{' '}
          <Link to={paths.profileOrder(last.order_id)}>{dateTime(last.created_at)}</Link>
        </p>
      </div>
      <BuyAgainLink order={last} className="button button-primary button-small" />
    </section>
  );
}

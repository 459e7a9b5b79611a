import { Link } from 'react-router-dom';
import type { PlanOrder } from '../api/get-orders';
import { buyAgainPath, canBuyAgain } from '../buy-again';
import { useT } from '../messages';
import '../orders.css';

/** "Buy again": the game page's form filled with this order's pack, payment mode and player ID; nothing for an order never placed. */
export function BuyAgainLink({ order, className = 'button button-ghost button-small' }: { order: PlanOrder; className?: string }) {
  const { t } = useT();
  if (!canBuyAgain(order)) return null;
  return (
    <Link
      className={className}
      to={buyAgainPath(order)}
      aria-label={t('orders.buyAgainLabel', { what: `${order.game ? `${order.game} ` : ''}${order.plan_name}` })}
    >
      {t('orders.buyAgain')}
    </Link>
  );
}

import { Link } from 'react-router-dom';
import type { PlanOrder } from '../api/get-orders';
import { buyAgainPath, canBuyAgain } from '../buy-again';
import '../orders.css';

/** "Buy again": the game page's form filled with this order's pack, payment mode and player ID; nothing for an order never placed. */
export function BuyAgainLink({ order, className = 'button button-ghost button-small' }: { order: PlanOrder; className?: string }) {
  if (!canBuyAgain(order)) return null;
  return (
    <Link className={className} to={buyAgainPath(order)} aria-label={`Buy again: ${order.game ? `${order.game} ` : ''}${order.plan_name}`}>
      Buy again
    </Link>
  );
}

import type { AdminOrderDelivery } from '@contract/admin-wire';
import { CopyButton } from '../../../../components/copy-button';
import { taka } from '../../../../lib/format';
import type { OrderStatus } from '../../../../lib/statuses';
import { deliveryModeBadges, deliveryModeLabels, deliveryStateLabel } from '../../kit/delivery-words';
import { RevealOnClick } from './reveal-on-click';

/** An automatic order's mode and state, short, for a queue's row or card; nothing for the manual queue. */
export function DeliveryCell({ status, delivery }: { status: OrderStatus; delivery: AdminOrderDelivery }) {
  const badge = deliveryModeBadges[delivery.mode];
  if (!badge) return null;
  return (
    <small className="block delivery-cell">
      <span className="badge badge-info">{badge}</span> {deliveryStateLabel(status, delivery.state)}
      {delivery.attempts > 1 && <span className="muted"> · {delivery.attempts} attempts</span>}
    </small>
  );
}

/**
 * An order's delivery as the detail lists it: the mode and state, why it waits or failed, the
 * player's name, the supplier's attempts, cost and our margin, and a stock code to reveal.
 */
export function DeliveryDetails({
  orderId,
  status,
  paidAmount,
  delivery,
}: {
  orderId: string;
  status: OrderStatus;
  paidAmount: number;
  delivery: AdminOrderDelivery;
}) {
  return (
    <>
      <div>
        <dt>Delivery</dt>
        <dd data-testid="order-delivery">
          {deliveryModeLabels[delivery.mode]} · {deliveryStateLabel(status, delivery.state)}
          {delivery.reason && <small className="muted block">{delivery.reason}</small>}
        </dd>
      </div>
      {delivery.player_name && (
        <div>
          <dt>Player name</dt>
          <dd>{delivery.player_name}</dd>
        </div>
      )}
      {delivery.mode === 'supplier' && (
        <div>
          <dt>Supplier</dt>
          <dd>
            {delivery.supplier || '—'} · {delivery.attempts} {delivery.attempts === 1 ? 'call' : 'calls'}
            <small className="muted block">
              Cost {taka(delivery.cost)} · margin {taka(paidAmount - delivery.cost)}
            </small>
          </dd>
        </div>
      )}
      {delivery.mode === 'stock' && delivery.has_code && (
        <div>
          <dt>Code</dt>
          <dd>
            <CodeReveal orderId={orderId} />
          </dd>
        </div>
      )}
    </>
  );
}

/** A stock order's code, on a click (audited), with one-tap copy. */
function CodeReveal({ orderId }: { orderId: string }) {
  return (
    <RevealOnClick orderId={orderId} what="code">
      {(secret) => (
        <p className="secret-line">
          <code className="secret-value" data-testid="revealed-code">
            {secret.code}
          </code>
          <CopyButton text={secret.code} label="Copy code" />
        </p>
      )}
    </RevealOnClick>
  );
}

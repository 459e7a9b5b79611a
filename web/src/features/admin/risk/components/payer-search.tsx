import type { PayerHistoryRow } from '@contract/admin-wire';
import { payerHoldBody, payerSearchQuery } from '@contract/admin-operations';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { StatusBadge } from '../../../../components/status-badge';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime, taka } from '../../../../lib/format';
import { orderFromWire } from '../../../../lib/statuses';
import { toast } from '../../../../lib/toast';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { ErrorState, Loading } from '../../kit/components/list-states';
import { useEditForm } from '../../kit/components/use-edit-form';
import { schemaProblems } from '../../kit/schema-problems';
import { OrderGame } from '../../orders/components/order-game';
import { placedColumn, planColumn } from '../../orders/components/orders-table';
import { type PayerQuery, usePayerHistory } from '../api/get-payer-history';
import { useHoldPayerOrders } from '../api/hold-payer-orders';

type PayerOrder = PayerHistoryRow['orders'][number];
type PayerTopUp = PayerHistoryRow['top_ups'][number];

/** The search's form: a payer's number as the gateway shows it, and a range of Dhaka days; a search goes into the URL. */
export function PayerSearchForm({ query, onSearch }: { query: PayerQuery; onSearch: (query: PayerQuery) => void }) {
  const form = useEditForm(
    { number: query.number, from: query.from, to: query.to },
    (values) => schemaProblems(payerSearchQuery, { number: values.number.trim(), from: values.from, to: values.to }),
    'The search could not be made',
  );
  const search = form.submit(async (values) => onSearch({ ...values, number: values.number.trim() }));
  return (
    <form className="settings-card" onSubmit={search} noValidate aria-label="Payer search">
      <FormField label="Payer's number (as the gateway shows it)" inputMode="tel" autoComplete="off" {...form.field('number')} />
      <div className="form-row">
        <FormField label="From" type="date" {...form.field('from')} />
        <FormField label="To" type="date" {...form.field('to')} />
      </div>
      {form.errors.body && (
        <p className="field-error" role="alert">
          {form.errors.body}
        </p>
      )}
      <button type="submit" className="button button-primary">
        Search
      </button>
    </form>
  );
}

const orderColumns: Column<PayerOrder>[] = [
  {
    header: 'Order',
    lead: true,
    cell: (order) => (
      <>
        <OrderGame game={order.game} icon={order.game_icon} />
        <span className="player-id-text block">{order.saccount_id}</span>
        <Link className="text-link small" to={adminPaths.order(order.order_id)}>
          Order {order.order_id}
        </Link>
      </>
    ),
  },
  planColumn(),
  placedColumn(),
  {
    header: 'Status',
    cell: (order) => (
      <span>
        <StatusBadge status={orderFromWire(order).status} />
        {order.hold?.state === 'held' ? (
          <small className="block">Held</small>
        ) : order.holdable ? (
          <small className="muted block">Not gone out yet</small>
        ) : null}
      </span>
    ),
  },
];

const topUpColumns: Column<PayerTopUp>[] = [
  {
    header: 'Top-up',
    lead: true,
    cell: (topUp) => (
      <Link className="text-link mono" to={adminPaths.user(topUp.user_id)}>
        {topUp.user_id}
      </Link>
    ),
  },
  { header: 'Amount', cell: (topUp) => <strong className="amount">{taka(topUp.amount)}</strong> },
  { header: 'Paid', cell: (topUp) => dateTime(topUp.paid_at) },
];

/** What the number paid for in the range: its orders (with Hold all undelivered) and its wallet top-ups. */
export function PayerHistory({ query }: { query: PayerQuery }) {
  const history = usePayerHistory(query);
  const [holding, setHolding] = useState(false);
  const [held, setHeld] = useState<number>();
  if (!history.data)
    return history.error ? (
      <ErrorState error={history.error} onRetry={() => void history.mutate()} what="the payer's history" />
    ) : (
      <Loading label="Searching" />
    );
  const { orders, top_ups: topUps } = history.data;
  const holdable = orders.filter((order) => order.holdable && order.hold?.state !== 'held').length;
  return (
    <>
      {held !== undefined && (
        <p className="notice notice-ok" role="status">
          {held === 1 ? '1 order held' : `${held} orders held`}: they wait in Review.
        </p>
      )}
      <section aria-labelledby="payer-orders-title">
        <div className="admin-head">
          <h2 id="payer-orders-title" className="admin-subtitle">
            Orders <span className="muted">({orders.length})</span>
          </h2>
          <button type="button" className="button button-danger button-small" disabled={holdable === 0} onClick={() => setHolding(true)}>
            Hold all undelivered ({holdable})
          </button>
        </div>
        {orders.length > 0 ? (
          <AdminTable
            rows={orders}
            columns={orderColumns}
            rowKey={(order) => order.order_id}
            rowAttributes={(order) => ({ 'data-order-id': order.order_id })}
          />
        ) : (
          <p className="empty-state">No order was paid from this number in the range.</p>
        )}
      </section>
      <section aria-labelledby="payer-topups-title">
        <h2 id="payer-topups-title" className="admin-subtitle">
          Wallet top-ups <span className="muted">({topUps.length})</span>
        </h2>
        {topUps.length > 0 ? (
          <AdminTable rows={topUps} columns={topUpColumns} rowKey={(topUp) => topUp.request_id} />
        ) : (
          <p className="empty-state">No wallet top-up was paid from this number in the range.</p>
        )}
      </section>
      {holding && <HoldAllDialog query={query} count={holdable} onHeld={setHeld} onClose={() => setHolding(false)} />}
    </>
  );
}

/** A theft report: every order of the number not gone out yet is held, with why. */
function HoldAllDialog({
  query,
  count,
  onHeld,
  onClose,
}: {
  query: PayerQuery;
  count: number;
  onHeld: (held: number) => void;
  onClose: () => void;
}) {
  const { trigger } = useHoldPayerOrders();
  const form = useEditForm(
    { reason: '' },
    (values) => schemaProblems(payerHoldBody, { ...query, reason: values.reason.trim() }),
    'The orders could not be held',
  );
  const save = form.submit(async (values) => {
    const { message, held } = await trigger({ ...query, reason: values.reason.trim() });
    toast.success(message);
    onHeld(held);
    onClose();
  });
  return (
    <Modal title="Hold all undelivered" onClose={form.busy ? () => undefined : onClose}>
      <p className="dialog-lead">
        Hold {count === 1 ? 'the 1 order' : `the ${count} orders`} paid from <strong className="mono">{query.number}</strong> that have not
        gone out yet? They wait in Review for a release or a refund.
      </p>
      <form onSubmit={save} noValidate>
        <FormField label="Why (the theft report)" maxLength={200} {...form.field('reason')} />
        <DialogButtons busy={form.busy} onCancel={onClose} saveLabel="Hold them" busyLabel="Holding…" tone="danger" />
      </form>
    </Modal>
  );
}

import type { AdminWaitingPayment } from '@contract/admin-wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime, taka } from '../../../../lib/format';
import { waitedFor } from '../format';
import { AdminTable, type Column, TimeAgo } from '../../kit/components/admin-table';
import { useSettleInvoice } from './settle-invoice-form';

const kindNames = { wallet: 'Top-up', order: 'Order', codes: 'Guest codes' } as const;

const columns: Column<AdminWaitingPayment>[] = [
  {
    header: 'Amount',
    lead: true,
    cell: (payment) => (
      <>
        <strong className="amount big-amount">{taka(payment.amount)}</strong>{' '}
        <span className="badge badge-info">{kindNames[payment.kind]}</span>
      </>
    ),
  },
  { header: 'Id', cell: (payment) => <span className="mono wrap">{payment.id}</span> },
  {
    header: 'Shopper',
    cell: (payment) => (
      <Link className="text-link mono" to={adminPaths.user(payment.user_id)}>
        {payment.user_id}
      </Link>
    ),
  },
  {
    header: 'Waiting',
    cell: (payment) => (
      <span>
        {waitedFor(payment.created_at)}
        <small className="muted block">{dateTime(payment.created_at)}</small>
      </span>
    ),
  },
  {
    header: 'Invoice',
    cell: (payment) =>
      payment.invoice_id ? (
        <span className="mono wrap">{payment.invoice_id}</span>
      ) : (
        <small className="muted">No invoice id yet — only you can settle it</small>
      ),
  },
  {
    header: 'Last checked',
    cell: (payment) => (payment.checked_at ? <TimeAgo iso={payment.checked_at} /> : <span className="muted">Never</span>),
  },
];

/** The gateway payments still waiting, oldest first; one whose invoice id is known can be checked at once. */
export function WaitingPaymentsTable({ payments }: { payments: AdminWaitingPayment[] }) {
  return (
    <AdminTable
      rows={payments}
      columns={columns}
      rowKey={(payment) => `${payment.kind}:${payment.id}`}
      rowAttributes={(payment) => ({ 'data-payment-id': payment.id })}
      actions={(payment) => payment.invoice_id && <CheckNowButton invoiceId={payment.invoice_id} />}
    />
  );
}

/** "Check now": settles by the invoice id we hold, as the reconciler would. */
function CheckNowButton({ invoiceId }: { invoiceId: string }) {
  const { busy, settle } = useSettleInvoice();
  return (
    <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => void settle(invoiceId)}>
      {busy ? 'Checking…' : 'Check now'}
    </button>
  );
}

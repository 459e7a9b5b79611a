import { useSWRConfig } from 'swr';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { type DayRange, paymentDaysKey } from '../../../features/admin/payments/api/get-payment-days';
import { useWaitingPayments, waitingPaymentsKey } from '../../../features/admin/payments/api/get-waiting-payments';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { PaymentDaysReport } from '../../../features/admin/payments/components/payment-days-report';
import { SettleInvoiceForm } from '../../../features/admin/payments/components/settle-invoice-form';
import { WaitingPaymentsTable } from '../../../features/admin/payments/components/waiting-payments-table';
import { reportRange } from '../../../features/admin/payments/format';

/** Gateway payments: those still waiting, settling one by its invoice id, and the daily reconciliation (?from=&to=). */
export function PaymentsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const range = reportRange(params.get('from'), params.get('to'));
  const waiting = useWaitingPayments();
  const refresh = () => void Promise.all([mutate(waitingPaymentsKey), mutate(paymentDaysKey(range))]);
  const showRange = (next: DayRange) => navigate(adminPaths.payments(next), { replace: true });
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Payments</h1>
        <button type="button" className="button button-ghost button-small" onClick={refresh} disabled={waiting.isValidating}>
          {waiting.isValidating ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>

      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="admin-subtitle">
          Waiting payments {waiting.data && <span className="muted">({waiting.data.length}, oldest first)</span>}
        </h2>
        {waiting.data ? (
          waiting.data.length > 0 ? (
            <WaitingPaymentsTable payments={waiting.data} />
          ) : (
            <p className="empty-state">No gateway payment is waiting.</p>
          )
        ) : waiting.error ? (
          <ErrorState error={waiting.error} onRetry={() => void waiting.mutate()} what="waiting payments" />
        ) : (
          <Loading label="Loading waiting payments" />
        )}
      </section>

      <section aria-labelledby="settle-title">
        <h2 id="settle-title" className="admin-subtitle">
          Settle with an invoice id
        </h2>
        <p className="muted small">
          A payer who closed the gateway&rsquo;s page brings no invoice id back, and nothing else can ask the gateway about that payment.
          Find it in the gateway&rsquo;s panel and settle it here.
        </p>
        <SettleInvoiceForm />
      </section>

      <section aria-labelledby="daily-title">
        <h2 id="daily-title" className="admin-subtitle">
          Daily reconciliation <span className="muted">(Dhaka days)</span>
        </h2>
        <PaymentDaysReport range={range} onRange={showRange} />
      </section>
    </section>
  );
}

export { PaymentsPage as Component };

import { reportRange } from '@contract/report-range';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import type { PayerQuery } from '../../../features/admin/risk/api/get-payer-history';
import { PayerHistory, PayerSearchForm } from '../../../features/admin/risk/components/payer-search';

/** Payer search (?number=&from=&to=, the last seven Dhaka days unless named): what one bKash/Nagad number paid for, and a hold of what has not gone out. */
export function PayersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const range = reportRange(params.get('from'), params.get('to'));
  const number = params.get('number') ?? '';
  const query: PayerQuery = { number, ...range };
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Payer search</h1>
      </div>
      <p className="muted">
        After a theft report: every order and wallet top-up paid from one number, and a hold of the orders not delivered yet.
      </p>
      <div className="settings-stack">
        <PayerSearchForm key={`${number}|${range.from}|${range.to}`} query={query} onSearch={(next) => navigate(adminPaths.payers(next))} />
        {number && <PayerHistory key={`${number}|${range.from}|${range.to}`} query={query} />}
      </div>
    </section>
  );
}

export { PayersPage as Component };

import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { type DayRange, salesReportKey } from '../../../features/admin/reports/api/get-sales-report';
import { SalesReport } from '../../../features/admin/reports/components/sales-report';
import { reportRange } from '../../../features/admin/reports/format';
import { useSWRConfig } from 'swr';

/** The sales report of ?from= to ?to= (Dhaka days; the last seven unless named): figures, trend, rankings, claims and the CSVs. */
export function ReportsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const range = reportRange(params.get('from'), params.get('to'));
  const showRange = (next: DayRange) => navigate(adminPaths.reports(next), { replace: true });
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Reports</h1>
        <button type="button" className="button button-ghost button-small" onClick={() => void mutate(salesReportKey(range))}>
          Refresh
        </button>
      </div>
      <SalesReport range={range} onRange={showRange} />
    </section>
  );
}

export { ReportsPage as Component };

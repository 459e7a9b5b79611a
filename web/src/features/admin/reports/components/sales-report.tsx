import type { AdminSalesReport } from '@contract/admin-wire';
import { taka } from '../../../../lib/format';
import { dayLabel } from '../../kit/format';
import { ErrorState, Loading } from '../../kit/components/list-states';
import { type DayRange, useSalesReport } from '../api/get-sales-report';
import { DayTable } from './day-table';
import { Rankings } from './rankings';
import { ReportDownloads } from './report-downloads';
import { ReportRangeForm } from './report-range-form';
import { SalesFigures } from './sales-figures';
import { TrendChart } from './trend-chart';
import '../reports.css';

/** What the chart shows, in one sentence, for the canvas's screen-reader label. */
const chartSummary = (report: AdminSalesReport) =>
  `Net sales, margin and orders per day from ${dayLabel(report.from)} to ${dayLabel(report.to)}: ${taka(report.totals.net)} net, ${taka(report.totals.margin)} margin, ${report.totals.orders} ${report.totals.orders === 1 ? 'order' : 'orders'} in all.`;

/**
 * The sales report of a range of Dhaka days (from and to live in the URL): the summary figures,
 * the daily trend with its numbers, the rankings and the claims, and the CSV files.
 */
export function SalesReport({ range, onRange }: { range: DayRange; onRange: (range: DayRange) => void }) {
  const { data, error, mutate, isValidating } = useSalesReport(range);
  // While another range loads, the last one's figures stay (no jump), marked as updating.
  const current = data && data.from === range.from && data.to === range.to ? data : undefined;
  const quiet = current !== undefined && current.totals.orders === 0 && current.totals.refunds_wallet + current.totals.refunds_method === 0;
  return (
    <div className={data && !current ? 'settings-stack report is-updating' : 'settings-stack report'}>
      <ReportRangeForm range={range} onRange={onRange} />
      {error && !data ? <ErrorState error={error} onRetry={() => void mutate()} what="the report" /> : null}
      <section aria-labelledby="report-summary-title" aria-busy={!current && isValidating}>
        <h2 id="report-summary-title" className="admin-subtitle">
          {dayLabel(range.from)} to {dayLabel(range.to)} <span className="muted">(Dhaka days)</span>
        </h2>
        <SalesFigures totals={data?.totals} />
      </section>
      <section aria-labelledby="report-trend-title">
        <h2 id="report-trend-title" className="admin-subtitle">
          Day by day
        </h2>
        {quiet && <p className="empty-state">No sales in these days.</p>}
        <div className="report-chart-frame">
          {data ? <TrendChart days={data.days} summary={chartSummary(data)} /> : !error && <Loading label="Loading the report" />}
        </div>
        {data && <DayTable days={data.days} />}
      </section>
      <section aria-labelledby="report-rankings-title">
        <h2 id="report-rankings-title" className="admin-subtitle">
          Rankings
        </h2>
        {data ? <Rankings report={data} /> : !error && <Loading label="Loading the rankings" />}
      </section>
      <section aria-labelledby="report-files-title">
        <h2 id="report-files-title" className="admin-subtitle">
          Download CSV <span className="muted">(the range above)</span>
        </h2>
        <ReportDownloads range={range} />
      </section>
    </div>
  );
}

import type { SalesDayRow } from '@contract/admin-wire';
import { groupDigits, taka } from '../../../../lib/format';
import { dayLabel } from '../../kit/format';

/** The chart's numbers as a table (day, net, margin, orders), for screen readers and for anyone who wants the figures. */
export function DayTable({ days }: { days: SalesDayRow[] }) {
  return (
    <details className="report-days">
      <summary>The chart&rsquo;s numbers, day by day</summary>
      <div className="report-days-scroll">
        <table data-report-days="">
          <caption className="visually-hidden">Net sales, margin and orders per Dhaka day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Net</th>
              <th scope="col">Margin</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {days.map(({ day, totals }) => (
              <tr key={day} data-report-day={day}>
                <th scope="row">{dayLabel(day)}</th>
                <td>{taka(totals.net)}</td>
                <td>{taka(totals.margin)}</td>
                <td>{groupDigits(totals.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

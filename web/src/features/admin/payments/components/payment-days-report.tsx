import type { AdminPaymentDays, PaymentFigures } from '@contract/admin-wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { taka } from '../../../../lib/format';
import { useAction } from '../../../../lib/use-action';
import { type DayRange, fetchPaymentDaysCsv, usePaymentDays } from '../api/get-payment-days';
import { dayLabel } from '../../kit/format';
import { decimalTaka, methodName, rangeProblems } from '../format';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { ErrorState, Loading } from '../../kit/components/list-states';
import { saveFile } from '../../kit/save-file';

/** A line of the report's table: one channel of a day, or a day's total. */
interface ReportRow {
  key: string;
  day: string;
  channel: string;
  figures: PaymentFigures;
  isTotal: boolean;
}

const columns: Column<ReportRow>[] = [
  { header: 'Day', lead: true, cell: (row) => <strong>{dayLabel(row.day)}</strong> },
  { header: 'Channel', cell: (row) => (row.isTotal ? <strong>{row.channel}</strong> : row.channel) },
  { header: 'Payments', cell: (row) => row.figures.payments },
  { header: 'Amount', cell: (row) => <span className="amount">{taka(row.figures.amount)}</span> },
  { header: 'Fees', cell: (row) => <span className="amount">{decimalTaka(row.figures.fees)}</span> },
  {
    header: 'Refunded',
    cell: (row) => (
      <span className="amount">{row.figures.refunds > 0 ? `${taka(row.figures.refunded)} (${row.figures.refunds})` : taka(0)}</span>
    ),
  },
  { header: 'Net', cell: (row) => <strong className="amount">{taka(row.figures.net)}</strong> },
];

/** The report's lines: each day's channels, then its total when it has more than one. Days without gateway money have none. */
function reportRows(report: AdminPaymentDays): ReportRow[] {
  return report.days.flatMap((day): ReportRow[] => {
    const channels = day.channels.map((channel) => ({
      key: `${day.day}:${channel.payment_method}`,
      day: day.day,
      channel: methodName(channel.payment_method),
      figures: channel,
      isTotal: false,
    }));
    return day.channels.length > 1
      ? [...channels, { key: `${day.day}:total`, day: day.day, channel: 'All channels', figures: day.totals, isTotal: true }]
      : channels;
  });
}

/**
 * The daily reconciliation: gateway money per Dhaka day and channel over a range (from and to
 * live in the URL), with the range's totals, to hold against the gateway's statement; and the
 * same as a CSV file.
 */
export function PaymentDaysReport({ range, onRange }: { range: DayRange; onRange: (range: DayRange) => void }) {
  const [draft, setDraft] = useState(range);
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    // The URL moved (a link, Back): the fields follow it.
    setShown(range);
    setDraft(range);
  }
  const problems = rangeProblems(draft);
  const { data, error, mutate } = usePaymentDays(range);
  const { busy, run } = useAction('The CSV could not be downloaded');
  const change = (field: keyof DayRange) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft, [field]: event.target.value };
    setDraft(next);
    if (Object.keys(rangeProblems(next)).length === 0) onRange(next);
  };
  const download = () => run(async () => saveFile(await fetchPaymentDaysCsv(range)));
  return (
    <div className="settings-stack">
      <div className="form-row">
        <FormField label="From" name="from" type="date" value={draft.from} max={draft.to} error={problems.from} onChange={change('from')} />
        <FormField label="To" name="to" type="date" value={draft.to} min={draft.from} error={problems.to} onChange={change('to')} />
      </div>
      {data ? (
        <>
          <ReportTable report={data} />
          <RangeTotals totals={data.totals} days={data.days.length} />
        </>
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the report" />
      ) : (
        <Loading label="Loading the report" />
      )}
      <div className="upload-buttons">
        <button type="button" className="button button-ghost" onClick={() => void download()} disabled={busy}>
          {busy ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
    </div>
  );
}

/** The days with gateway money, a line per channel; the quiet days named in one line below. */
function ReportTable({ report }: { report: AdminPaymentDays }) {
  const rows = reportRows(report);
  const quiet = report.days.filter((day) => day.channels.length === 0).map((day) => dayLabel(day.day));
  if (rows.length === 0) return <p className="empty-state">No gateway money on these days.</p>;
  return (
    <>
      <AdminTable
        rows={rows}
        columns={columns}
        rowKey={(row) => row.key}
        rowAttributes={(row) => ({ 'data-report-row': row.key, ...(row.isTotal ? { className: 'row-done' } : {}) })}
      />
      {quiet.length > 0 && <p className="muted small">No gateway money on {quiet.join(', ')}.</p>}
    </>
  );
}

/** The range's totals in one line. */
function RangeTotals({ totals, days }: { totals: PaymentFigures; days: number }) {
  return (
    <div className="stock-figure" data-report-totals="">
      <strong>
        Total, {days} {days === 1 ? 'day' : 'days'}:
      </strong>
      <span>
        {totals.payments} {totals.payments === 1 ? 'payment' : 'payments'}, <strong className="amount">{taka(totals.amount)}</strong>
      </span>
      <span>fees {decimalTaka(totals.fees)}</span>
      <span>
        refunded {taka(totals.refunded)}
        {totals.refunds > 0 && ` (${totals.refunds})`}
      </span>
      <span>
        net <strong className="amount">{taka(totals.net)}</strong>
      </span>
    </div>
  );
}

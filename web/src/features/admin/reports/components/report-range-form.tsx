import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import type { DayRange } from '../api/get-sales-report';
import { lastDays, quickRanges, salesRangeProblems } from '../format';

/**
 * The report's range: From and To (Dhaka days, at most 90), or a quick choice of the last 7, 30
 * or 90 days; a range that may be asked for goes to `onRange` (the URL), one that may not says why.
 */
export function ReportRangeForm({ range, onRange }: { range: DayRange; onRange: (range: DayRange) => void }) {
  const [draft, setDraft] = useState(range);
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    // The URL moved (a quick choice, a link, Back): the fields follow it.
    setShown(range);
    setDraft(range);
  }
  const problems = salesRangeProblems(draft);
  const change = (field: keyof DayRange) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft, [field]: event.target.value };
    setDraft(next);
    if (Object.keys(salesRangeProblems(next)).length === 0) onRange(next);
  };
  const today = lastDays(1).to;
  return (
    <div className="report-range">
      <div className="form-row">
        <FormField label="From" name="from" type="date" value={draft.from} max={draft.to} error={problems.from} onChange={change('from')} />
        <FormField label="To" name="to" type="date" value={draft.to} min={draft.from} error={problems.to} onChange={change('to')} />
      </div>
      <fieldset className="report-quick">
        <legend className="visually-hidden">Quick ranges, ending today</legend>
        {quickRanges.map((days) => {
          const quick = lastDays(days);
          const active = range.from === quick.from && range.to === today;
          return (
            <button
              key={days}
              type="button"
              className={`button button-small ${active ? 'button-primary' : 'button-ghost'}`}
              aria-pressed={active}
              onClick={() => {
                setDraft(quick);
                onRange(quick);
              }}
            >
              {days} days
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

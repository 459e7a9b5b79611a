import * as v from 'valibot';
import { fileResponse, success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { optionalText } from '../../shared/validation';
import { isCalendarDay, rangeProblems, reportRange } from '../../contract/report-range';
import { paymentDays } from '../service/payment-days';
import { paymentDaysCsv, paymentDaysView } from '../views';

const dayField = (label: string) =>
  v.pipe(
    optionalText(40),
    v.check((day) => day === undefined || isCalendarDay(day), `${label} must be a date written YYYY-MM-DD`),
  );

/** `?from=&to=` (Dhaka days, both included; the last seven days when absent), `&format=csv`, `&detail=1`. */
const query = v.pipe(
  v.object({
    from: dayField('From'),
    to: dayField('To'),
    format: v.optional(v.picklist(['json', 'csv'], 'Format must be json or csv'), 'json'),
    detail: v.optional(v.picklist(['0', '1'], 'Detail must be 0 or 1'), '0'),
  }),
  v.transform((input) => ({ ...input, ...reportRange(input.from, input.to) })),
  v.forward(
    v.check(
      (input) => !rangeProblems(input).from,
      (issue) => rangeProblems(issue.input as { from: string; to: string }).from ?? '',
    ),
    ['from'],
  ),
  v.forward(
    v.check(
      (input) => !rangeProblems(input).to,
      (issue) => rangeProblems(issue.input as { from: string; to: string }).to ?? '',
    ),
    ['to'],
  ),
);

export const handler = adminRoute({ query }, async ({ query: { from, to, format, detail } }) => {
  const report = paymentDaysView(await paymentDays(from, to), { detail: format === 'json' && detail === '1' });
  return format === 'csv' ? fileResponse(paymentDaysCsv(report), 'text/csv; charset=utf-8', `payments-${from}-${to}.csv`) : success(report);
});

/** The request schemas of the console's orders, top-ups, payments, users and audit log (functions/admin/handlers). */
import * as v from 'valibot';
import { boundedInt, flagField, optionalText, pageQuery, requiredText, signedWholeTaka } from './fields';
import { isCalendarDay, maxReportDays, maxSalesReportDays, rangeProblems, reportRange } from './report-range';
import { blockKinds, riskKeyKinds, velocityWindows } from './rules';

const wireStatus = v.optional(v.picklist(['0', '1', '2'], 'Status must be 0, 1 or 2'), '0');

/** GET /admin/orders: `?status=0|1|2` as the domain's word (pending when absent), `&sort=`, a page. */
export const adminOrdersQuery = v.object({
  status: v.pipe(
    wireStatus,
    v.transform((status) => (({ '0': 'pending', '1': 'completed', '2': 'refunded' }) as const)[status]),
  ),
  sort: v.optional(v.picklist(['oldest', 'newest'], 'Sort must be oldest or newest')),
  ...pageQuery,
});

/** POST /admin/orders/{id}/complete: an optional remark to the shopper. */
export const completeOrderBody = v.object({ remark: optionalText(500) });

/**
 * POST /admin/orders/{id}/refund; `to`: the shopper's wallet (the default), or back to the
 * bKash/Nagad that paid a gateway order; `seen_status`: the status the operator saw ("0" or "1"),
 * so that an order an automatic delivery moved meanwhile is not refunded on a stale sight (409).
 */
export const refundOrderBody = v.object({
  remark: requiredText('A remark is required', 500),
  to: v.optional(v.picklist(['wallet', 'gateway'], 'Refund to the wallet or the payment method'), 'wallet'),
  seen_status: v.optional(
    v.pipe(
      v.picklist(['0', '1'], 'The status seen is 0 or 1'),
      v.transform((status) => (({ '0': 'pending', '1': 'completed' }) as const)[status]),
    ),
  ),
});

/** POST /admin/orders/{id}/gateway_refund: what the gateway's panel shows of a refund that waits for a person, and a note. */
export const resolveRefundBody = v.object({
  outcome: v.picklist(['refunded', 'not_refunded'], "Say what the gateway's panel shows: refunded or not_refunded"),
  note: optionalText(500),
});

/** POST /admin/orders/{id}/take_over_delivery: what the operator checked (the supplier's panel, the player). */
export const takeOverDeliveryBody = v.object({ remark: requiredText('Say what you checked at the supplier', 500) });

/** POST /admin/suppliers/{supplier}: the exchange rate of the supplier's currency, its units one taka buys (at most four decimals). */
export const supplierRateBody = v.object({
  rate: v.pipe(
    requiredText('Give the exchange rate', 20),
    v.regex(/^\d{1,7}(\.\d{1,4})?$/, 'The rate is a number with at most four decimals, such as 133.25'),
    v.check((rate) => Number(rate) > 0, 'The rate must be above zero'),
  ),
});

/** POST /admin/suppliers/{supplier}: the supplier's name. */
export const supplierNameParams = v.object({
  supplier: v.pipe(requiredText('Supplier is required', 40), v.regex(/^[a-z0-9-]+$/, 'Unknown supplier')),
});

/** GET /admin/wallet_requests: `?status=0|1|2` as the domain's word (pending when absent), a page. */
export const walletRequestsQuery = v.object({
  status: v.pipe(
    wireStatus,
    v.transform((status) => (({ '0': 'pending', '1': 'completed', '2': 'cancelled' }) as const)[status]),
  ),
  ...pageQuery,
});

/** POST /admin/payments/settle: the invoice id as the gateway's panel shows it (letters and digits). */
export const settlePaymentBody = v.object({
  invoice_id: v.pipe(requiredText('Invoice id is required', 100), v.regex(/^[A-Za-z0-9_-]+$/, 'An invoice id has letters and digits only')),
});

const dayField = (label: string) =>
  v.pipe(
    optionalText(40),
    v.check((day) => day === undefined || isCalendarDay(day), `${label} must be a date written YYYY-MM-DD`),
  );

/**
 * A range of Dhaka days (both included; the last seven when absent), at most `maxDays` long, with a
 * report's own `fields`.
 */
type DayRange = { from: string; to: string };

/** Puts a range's problem with `field` on that field. */
const rangeCheck = <Input extends DayRange>(maxDays: number, field: keyof DayRange) =>
  v.forward<Input, v.CheckIssue<Input>, [keyof DayRange]>(
    v.check(
      (input: Input) => !rangeProblems(input, maxDays)[field],
      (issue: v.CheckIssue<Input>) => rangeProblems(issue.input, maxDays)[field] ?? '',
    ),
    // Every Input has the field (Input extends DayRange); TypeScript cannot walk a path of a type parameter.
    [field] as Parameters<typeof v.forward<Input, v.CheckIssue<Input>, [keyof DayRange]>>[1],
  );

const dayRangeQuery = <Fields extends v.ObjectEntries>(maxDays: number, fields: Fields) =>
  v.pipe(
    v.object({ from: dayField('From'), to: dayField('To'), ...fields }),
    v.transform((input) => ({ ...input, ...reportRange(input.from, input.to) })),
    rangeCheck(maxDays, 'from'),
    rangeCheck(maxDays, 'to'),
  );

const formatField = v.optional(v.picklist(['json', 'csv'], 'Format must be json or csv'), 'json');

/** GET /admin/payments/daily: `?from=&to=`, `&format=csv`, `&detail=1` adds the day book's lines. */
export const dayReportQuery = dayRangeQuery(maxReportDays, {
  format: formatField,
  detail: v.optional(v.picklist(['0', '1'], 'Detail must be 0 or 1'), '0'),
});

/** GET /admin/reports/sales: `?from=&to=`, `&format=csv` with `&table=days` (the day table) or `promotions`. */
export const salesReportQuery = dayRangeQuery(maxSalesReportDays, {
  format: formatField,
  table: v.optional(v.picklist(['days', 'promotions'], 'Table must be days or promotions'), 'days'),
});

/** GET /admin/reports/orders and /admin/reports/claims (CSV files): `?from=&to=`, the Reports page's range. */
export const reportExportQuery = dayRangeQuery(maxSalesReportDays, {});

/** GET /admin/users: `?q=` an email, a mobile number or a user id. */
export const findUsersQuery = v.object({ q: requiredText('Search for an email, a mobile number or a user id', 254) });

/** POST /admin/users/{id}/adjust: a credit or a debit of the user's wallet, and why. */
export const adjustWalletBody = v.object({ amount: signedWholeTaka(), reason: requiredText('A reason is required', 200) });

/** GET /admin/audit: a page of the audit log. */
export const auditQuery = v.object({ ...pageQuery });

/** The identity a blocklist entry names: its kind and its value as typed (kept in one form by the risk rules). */
const blockedIdentity = {
  kind: v.picklist(blockKinds, `kind must be one of ${blockKinds.join(', ')}`),
  value: requiredText('A value to block is required', 254),
};

/** POST /admin/blocklist: block an identity from buying, with the reason operators will read. */
export const blockBody = v.object({ ...blockedIdentity, reason: requiredText('Say why it is blocked', 200) });

/** POST /admin/blocklist/remove: lift a block. */
export const unblockBody = v.object(blockedIdentity);

/** GET /admin/holds: a page of the review queue. */
export const holdsQuery = v.object(pageQuery);

/** POST /admin/risk: the scalar risk settings (a young account's age, its first order held from, the minutes a check is promised within). */
export const riskSettingsBody = v.object({
  young_account_days: boundedInt(0, 365, 'Days must be a whole number from 0 to 365'),
  first_order_hold_amount: boundedInt(0, 10_000_000, 'The amount must be a whole number of taka (0: never hold)'),
  review_within_minutes: boundedInt(5, 10_080, 'Minutes must be a whole number from 5 to 10080'),
});

/** POST /admin/risk/rules: a velocity rule (per identity, per hour or day: at most so many checkouts or taka; 0: no such limit). */
export const velocityRuleBody = v.pipe(
  v.object({
    key: v.picklist(riskKeyKinds, 'Count by account, player, mobile, device or address'),
    window: v.picklist(velocityWindows, 'The window is hour or day'),
    max_count: v.optional(boundedInt(0, 100_000, 'Checkouts must be a whole number from 0 to 100000'), 0),
    max_amount: v.optional(boundedInt(0, 100_000_000, 'The amount must be a whole number of taka'), 0),
    action: v.picklist(['refuse', 'hold'], 'Past the limit: refuse or hold'),
    young_only: v.optional(flagField('young_only is 1 (young accounts only) or 0'), '0'),
  }),
  v.check((rule) => rule.max_count > 0 || rule.max_amount > 0, 'Set a number of checkouts, an amount, or both'),
);

/** POST /admin/risk/rules/remove: a rule by its id. */
export const removeRuleBody = v.object({ id: requiredText('Which rule?', 40) });

/** GET /admin/payers: every order paid from a payer's number (as the gateway shows it) in a range of Dhaka days. */
export const payerSearchQuery = v.pipe(
  v.object({
    number: requiredText("The payer's number is required", 40),
    from: v.pipe(requiredText('From is required', 10), v.check(isCalendarDay, 'From is a day, YYYY-MM-DD')),
    to: v.pipe(requiredText('To is required', 10), v.check(isCalendarDay, 'To is a day, YYYY-MM-DD')),
  }),
  v.check((range) => !rangeProblems(range).from && !rangeProblems(range).to, 'The range is at most 31 days, from before to'),
);

/** POST /admin/payers/hold: hold every undelivered order of a payer in the range, with why (a theft report). */
export const payerHoldBody = v.pipe(
  v.object({
    number: requiredText("The payer's number is required", 40),
    from: v.pipe(requiredText('From is required', 10), v.check(isCalendarDay, 'From is a day, YYYY-MM-DD')),
    to: v.pipe(requiredText('To is required', 10), v.check(isCalendarDay, 'To is a day, YYYY-MM-DD')),
    reason: requiredText('Say why (the theft report)', 200),
  }),
  v.check((range) => !rangeProblems(range).from && !rangeProblems(range).to, 'The range is at most 31 days, from before to'),
);

/** The operator alert kinds a console may switch (functions/notifications/alerts.ts). */
export const alertKindNames = [
  'order_waiting',
  'delivery_unknown',
  'delivery_failed',
  'payment_stuck',
  'low_stock',
  'supplier_balance',
  'supplier_setup',
  'payment_review',
  'refund_review',
  'order_held',
  'claim_opened',
  'cloud_alarm',
] as const;

/**
 * POST /admin/alert_settings: the Telegram chat alerts go to (a user's or group's numeric id, or
 * @channel; empty: none), each kind's switch ("1" on, "0" off), the minutes a payment may be
 * pending at the gateway before it is told, and the minutes promised for an answer to a shopper's
 * report (an open claim past them is marked in the queue and told once).
 */
export const alertSettingsBody = v.object({
  chat_id: v.optional(
    v.pipe(
      optionalText(64),
      v.check((id) => id === undefined || /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(id), 'A chat id is a number or @channelname'),
    ),
  ),
  payment_pending_minutes: boundedInt(5, 1440, 'Minutes must be a whole number from 5 to 1440'),
  claim_answer_minutes: v.optional(boundedInt(10, 2880, 'Minutes must be a whole number from 10 to 2880'), '120'),
  ...(Object.fromEntries(alertKindNames.map((kind) => [kind, flagField(`${kind} is 1 (on) or 0 (off)`)])) as Record<
    (typeof alertKindNames)[number],
    ReturnType<typeof flagField>
  >),
});

/** GET /admin/claims: open ones (oldest first, the queue) or closed ones (newest first), a page. */
export const adminClaimsQuery = v.object({
  status: v.optional(v.picklist(['open', 'closed'], 'Status must be open or closed'), 'open'),
  ...pageQuery,
});

/** POST /admin/claims/{id}/reply: the operator's answer, which the shopper reads on the order page and is told of. */
export const claimReplyBody = v.object({ message: requiredText('Write the answer', 1000) });

/** POST /admin/claims/{id}/close: an optional last word to the shopper. */
export const claimCloseBody = v.object({ message: optionalText(1000) });

/** POST /admin/claims/{id}/refund: the claim's order refunded to the wallet (the default) or the payment method, and the claim closed. */
export const claimRefundBody = v.object({
  to: v.optional(v.picklist(['wallet', 'gateway'], 'Refund to the wallet or the payment method'), 'wallet'),
});

/** POST /admin/claims/{id}/correct_player_id: the right player ID, checked as the plan's form checks it. */
export const claimCorrectionBody = v.object({ player_id: requiredText('Enter the right player ID', 40) });

/** The request schemas of promotions: the shop's quote and the console's promo codes (functions/promotions). */
import * as v from 'valibot';
import { boundedInt, flagField, idField, optionalText, requiredText } from './fields';
import { voucherQuantity } from './rules';

/** A promo code as typed (empty: none); its form is checked by the promotions rules, which say why one is refused. */
export const coupanCodeField = optionalText(40);

/** POST /user/quote: a plan, or a voucher and a quantity, with a code or none. */
export const quoteBody = v.pipe(
  v.object({
    plan_id: v.optional(idField('plan')),
    voucher_id: v.optional(idField('voucher')),
    qty: v.optional(
      boundedInt(voucherQuantity.min, voucherQuantity.max, `Quantity must be between ${voucherQuantity.min} and ${voucherQuantity.max}`),
      1,
    ),
    coupan_code: coupanCodeField,
  }),
  v.forward(
    v.check((body) => (body.plan_id === undefined) !== (body.voucher_id === undefined), 'Send plan_id, or voucher_id and qty'),
    ['plan_id'],
  ),
);

/** A time the console sends: ISO 8601; without an offset it is Dhaka time (+06:00). */
const requiredDhakaTime = (label: string) =>
  v.pipe(
    requiredText(`${label} is required`, 40),
    v.transform((text) => Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}+06:00`)),
    v.check((time) => !Number.isNaN(time), `${label} must be a date and time (ISO 8601)`),
  );
const dhakaTime = (label: string) => v.optional(requiredDhakaTime(label));

/** Comma-separated ids (none: every item). */
const idList = v.optional(
  v.pipe(
    optionalText(4000),
    v.transform((text) =>
      (text ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
    v.check((ids) => ids.every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)), 'Ids are letters, digits, - and _, separated by commas'),
  ),
  '',
);

const optionalTaka = (label: string) => v.optional(boundedInt(1, 10_000_000, `${label} must be a whole number of taka from 1`));
const optionalFlag = (name: string, otherwise: '1' | '0') => v.optional(flagField(`${name} must be 1 or 0`), otherwise);

/** What an operator may change of a code after making it: everything but its name, kind, value and uses in all. */
const promoCodeTerms = {
  description: v.optional(optionalText(200), ''),
  max_discount: optionalTaka('The maximum discount'),
  min_total: optionalTaka('The minimum total'),
  starts_at: dhakaTime('The start'),
  ends_at: dhakaTime('The end'),
  per_person: v.optional(boundedInt(1, 1000, 'Uses per person must be a whole number from 1'), 1),
  plan_ids: idList,
  voucher_ids: idList,
  game_ids: idList,
  refund_returns_use: optionalFlag('refund_returns_use', '0'),
  below_cost: optionalFlag('below_cost', '0'),
  first_order_only: optionalFlag('first_order_only', '0'),
  public: optionalFlag('public', '0'),
};

/** Whether a code's end comes after its start (either may be open). */
const endsAfterStart = (body: { starts_at?: number; ends_at?: number }) =>
  body.starts_at === undefined || body.ends_at === undefined || body.starts_at < body.ends_at;
const endMessage = 'The end must be after the start';

/** POST /admin/promo_codes: a new code (its name's form is checked by the promotions rules). */
export const promoCodeBody = v.pipe(
  v.object({
    code: requiredText('Code is required', 40),
    kind: v.picklist(['percent', 'fixed'], 'Kind must be percent or fixed'),
    value: boundedInt(1, 10_000_000, 'Value must be a whole number from 1'),
    max_uses: v.optional(boundedInt(1, 1_000_000, 'Uses in all must be a whole number from 1')),
    ...promoCodeTerms,
    active: optionalFlag('active', '1'),
    // A giveaway batch: `code` is then the prefix of `count` single-use codes.
    count: v.optional(boundedInt(2, 1000, 'A batch is 2 to 1,000 codes')),
  }),
  // Each whole-form rule is told under the field it is about, as the console's form shows it.
  v.forward(
    v.check((body) => body.kind !== 'percent' || body.value <= 100, 'A percent is at most 100'),
    ['value'],
  ),
  v.forward(
    v.check((body) => endsAfterStart(body), endMessage),
    ['ends_at'],
  ),
);

/**
 * POST /admin/promo_codes/{code}: a code's terms as the console's Edit form sends them all (an
 * optional field left empty clears it); its name, kind, value and uses in all stay as made.
 */
export const promoCodeEditBody = v.pipe(
  v.object(promoCodeTerms),
  v.forward(
    v.check((body) => endsAfterStart(body), endMessage),
    ['ends_at'],
  ),
);

/** POST /admin/sales: a plan at a sale price between two Dhaka times, capped or not. */
export const saleBody = v.pipe(
  v.object({
    plan_id: v.optional(idField('plan')),
    voucher_id: v.optional(idField('voucher')),
    price: boundedInt(1, 10_000_000, 'The sale price must be a whole number of taka from 1'),
    starts_at: requiredDhakaTime('The start'),
    ends_at: requiredDhakaTime('The end'),
    quantity: v.optional(boundedInt(1, 1_000_000, 'The quantity must be a whole number from 1')),
    per_person: v.optional(boundedInt(1, 1000, 'Units per person must be a whole number from 1')),
    below_cost: optionalFlag('below_cost', '0'),
  }),
  v.forward(
    v.check((body) => (body.plan_id === undefined) !== (body.voucher_id === undefined), 'Choose the plan or the voucher on sale'),
    ['plan_id'],
  ),
  v.forward(
    v.check((body) => body.starts_at < body.ends_at, 'The end must be after the start'),
    ['ends_at'],
  ),
);

/** /admin/promo_codes/{code}/…: a code as the console names it (its form is checked by the promotions rules). */
export const promoCodeParams = v.object({ code: requiredText('Code is required', 40) });

/** POST /admin/promo_codes/{code}/active: pause (0) or resume (1). */
export const promoCodeActiveBody = v.object({ active: flagField('active must be 1 or 0') });

/** GET /admin/promo_codes/{code}/uses: the list, or the same as CSV. */
export const promoUsesQuery = v.object({ format: v.optional(v.picklist(['json', 'csv'], 'Format must be json or csv'), 'json') });

/** The request schemas of the console's games, plans, vouchers and codes (functions/admin/handlers). */
import * as v from 'valibot';
import {
  boundedInt,
  flagField,
  htmlField,
  idField,
  idPattern,
  imageField,
  optionalId,
  optionalText,
  pageQuery,
  positionField,
  requiredText,
  wholeTaka,
} from './fields';

/** POST /admin/master_categories: a new game or brand, or a change of one. */
export const saveMasterCategoryBody = v.object({
  id: optionalId,
  cname: requiredText('Name is required', 80),
  image: imageField('Image'),
  position: positionField,
  /** The nickname lookup's name for the game; empty: no lookup. */
  lookup_code: v.optional(
    v.pipe(
      optionalText(40),
      v.check((code) => code === undefined || /^[a-z0-9-]+$/.test(code), 'Lookup code: lower-case letters, digits and dashes'),
    ),
  ),
});

const digits = v.optional(boundedInt(1, 30, 'Player ID digits must be a whole number from 1 to 30'));

/** POST /admin/plan_groups: a new plan group, or a change of one. */
export const savePlanGroupBody = v.pipe(
  v.object({
    id: optionalId,
    master_category: idField('game'),
    cname: requiredText('Name is required', 80),
    image: imageField('Image'),
    position: positionField,
    /** A UID group's player-ID format; both or neither. */
    player_id_min_digits: digits,
    player_id_max_digits: digits,
  }),
  v.forward(
    v.check(
      (form) =>
        (form.player_id_min_digits === undefined) === (form.player_id_max_digits === undefined) &&
        (form.player_id_min_digits ?? 0) <= (form.player_id_max_digits ?? 0),
      'Give both the least and the most digits of a player ID, the least not above the most',
    ),
    ['player_id_max_digits'],
  ),
);

/** How a plan is delivered (contract: Delivery). */
export const deliveryModes = ['manual', 'stock', 'supplier'] as const;

/** POST /admin/plans: a new plan, or a change of one (the whole plan each time). */
const planFields = v.object({
  plans_id: optionalId,
  category_id: idField('plan group'),
  pname: requiredText('Name is required', 80),
  image: imageField('Image'),
  price: wholeTaka('Price'),
  no_of_diamonds: v.optional(boundedInt(0, 1_000_000, 'Diamonds must be a whole number'), 0),
  status: v.pipe(
    flagField('Status must be 1 (on sale) or 0 (out of stock)'),
    v.transform((status) => (status === '1' ? 1 : 0) as 0 | 1),
  ),
  position: positionField,
  delivery: v.optional(v.picklist(deliveryModes, 'Delivery must be manual, stock or supplier'), 'manual'),
  /** stock: the voucher whose codes the plan consumes. */
  delivery_voucher_id: v.optional(
    v.pipe(
      optionalText(64),
      v.check((id) => id === undefined || idPattern.test(id), 'Invalid voucher'),
    ),
  ),
  /** supplier: the supplier's product code and what one costs us. */
  supplier_sku: optionalText(60),
  cost: v.optional(boundedInt(0, 10_000_000, 'Cost must be a whole number of taka'), 0),
});

/**
 * The plan with its delivery's own rules: stock names a voucher; supplier names the product code
 * and a cost below the price (never sell at or below cost).
 */
export const savePlanBody = v.pipe(
  planFields,
  v.forward(
    v.check((plan) => plan.delivery !== 'stock' || plan.delivery_voucher_id !== undefined, 'Choose the voucher whose codes it uses'),
    ['delivery_voucher_id'],
  ),
  v.forward(
    v.check((plan) => plan.delivery !== 'supplier' || plan.supplier_sku !== undefined, "The supplier's product code is required"),
    ['supplier_sku'],
  ),
  v.forward(
    v.check(
      (plan) => plan.delivery !== 'supplier' || (plan.cost > 0 && plan.cost < plan.price),
      'The cost must be above zero and below the price',
    ),
    ['cost'],
  ),
);

/** GET /admin/vouchers: all vouchers, or a brand's. */
export const adminVouchersQuery = v.object({ mcategory_id: v.optional(idField('brand')) });

/** POST /admin/vouchers: a new voucher, or a change of one. */
export const saveVoucherBody = v.object({
  voucher_id: optionalId,
  mcategory_id: idField('brand'),
  voucher_name: requiredText('Name is required', 120),
  price: wholeTaka('Price'),
  image: imageField('Image'),
  description: htmlField(),
  position: positionField,
});

/** GET /admin/vouchers/{id}/codes: a page of a voucher's codes. */
export const codesQuery = v.object({ ...pageQuery });

/** POST /admin/vouchers/{id}/codes: codes pasted one a line. */
export const uploadCodesBody = v.object({ codes: requiredText('Paste at least one code', 60_000) });

/** POST /admin/vouchers/{id}/codes/{code_id}/void. */
export const voidCodeParams = v.object({ id: idField('voucher'), code_id: idField('code') });

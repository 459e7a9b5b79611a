/** The request schemas of the console's games, plans, vouchers and codes (functions/admin/handlers). */
import * as v from 'valibot';
import {
  boundedInt,
  flagField,
  htmlField,
  idField,
  imageField,
  optionalId,
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

/** POST /admin/plans: a new plan, or a change of one (the whole plan each time). */
export const savePlanBody = v.object({
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
});

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

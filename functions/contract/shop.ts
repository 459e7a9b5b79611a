/** The request schemas of the shop's public reads (functions/catalog, content and vouchers handlers). */
import * as v from 'valibot';
import { idField, optionalText } from './fields';

/** POST /user/category_list: a game's plan groups. */
export const planGroupsBody = v.object({ master_category: idField('category id'), user_id: optionalText(64) });

/** POST /user/plan_list/: a group's plans. */
export const plansBody = v.object({ category_id: idField('category id') });

/** GET /user/blog/{id}. */
export const blogPostParams = v.object({ id: idField('blog id') });

/** POST /user/auto_delivery_vouchers_list: a brand's vouchers. */
export const vouchersBody = v.object({ mcategory_id: idField('category id') });

/** The request schemas of the shop's public reads (functions/catalog, content and vouchers handlers). */
import * as v from 'valibot';
import { idField, optionalText } from './fields';

/** GET /user/category_list: a game's plan groups (the same for everyone, so the edge caches it). */
export const planGroupsQuery = v.object({ master_category: idField('category id') });

/** POST /user/category_list: a game's plan groups; the contract's `user_id` changes nothing in the answer. */
export const planGroupsBody = v.object({ ...planGroupsQuery.entries, user_id: optionalText(64) });

/** POST /user/plan_list/ and GET /user/plan_list: a group's plans. */
export const plansBody = v.object({ category_id: idField('category id') });

/** GET /user/blog/{id}. */
export const blogPostParams = v.object({ id: idField('blog id') });

/** POST and GET /user/auto_delivery_vouchers_list: a brand's vouchers. */
export const vouchersBody = v.object({ mcategory_id: idField('category id') });

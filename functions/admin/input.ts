import * as v from 'valibot';
import { imageReferencePattern } from '../contract/rules';
import type { OrderStatus } from '../orders/repo';
import { boundedInt, idField, optionalText, requiredText } from '../shared/validation';
import type { WalletRequestStatus } from '../wallet/repo';

/** `{id}` of an admin path. */
export const idParams = v.object({ id: idField('id') });

/** A list's `?cursor=` and `?limit=` (1 to 100 a page, 50 when absent). */
export const pageQuery = { cursor: optionalText(2000), limit: v.optional(boundedInt(1, 100, 'Limit must be from 1 to 100'), 50) };

const wireStatus = (message: string) => v.optional(v.picklist(['0', '1', '2'], message), '0');

/** `?status=0|1|2` of the orders list, as the domain's word (pending when absent). */
export const orderStatusField = v.pipe(
  wireStatus('Status must be 0, 1 or 2'),
  v.transform((status): OrderStatus => (({ '0': 'pending', '1': 'completed', '2': 'refunded' }) as const)[status]),
);

/** `?status=0|1|2` of the top-ups list, as the domain's word (pending when absent). */
export const walletRequestStatusField = v.pipe(
  wireStatus('Status must be 0, 1 or 2'),
  v.transform((status): WalletRequestStatus => (({ '0': 'pending', '1': 'completed', '2': 'cancelled' }) as const)[status]),
);

/** An operator's remark to the shopper: optional on completion, required on a refund. */
export const optionalRemark = optionalText(500);
export const requiredRemark = requiredText('A remark is required', 500);

/** An image or logo: a path on the shop's origin (/uploads/…, /images/…) or an https URL. */
export const imageField = (label: string) =>
  v.pipe(requiredText(`${label} is required`, 1000), v.regex(imageReferencePattern, `${label} must be an uploaded image or an https link`));

/** An image that may be left out (a blog post's, a popup's). */
export const optionalImageField = (message: string) =>
  v.pipe(
    optionalText(1000),
    v.check((image) => image === undefined || imageReferencePattern.test(image), message),
  );

/** A link: an https URL, or empty. */
export const linkField = (label: string) =>
  v.pipe(
    optionalText(1000),
    v.check((link) => link === undefined || /^https:\/\/[^\s"'<>]+$/.test(link), `${label} must be an https link`),
  );

/** A list position (smaller first). */
export const positionField = v.optional(boundedInt(0, 9999, 'Position must be a whole number from 0 to 9999'), 0);

/** An id of an item to change; absent for a new one. */
export const optionalId = v.pipe(
  optionalText(64),
  v.check((id) => id === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(id), 'Invalid id'),
);

/** HTML as an operator writes it: stored as written, sanitised where it is shown. */
export const htmlField = (max = 50_000) =>
  v.pipe(
    optionalText(max),
    v.transform((html) => html ?? ''),
  );

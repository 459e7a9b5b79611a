import * as v from 'valibot';
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

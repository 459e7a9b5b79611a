import type { ReviewRow } from '@contract/admin-wire';
import { orderFromWire } from '../../../../lib/statuses';
import { readPagesWith, useCursorList } from '../../kit/api/cursor-list';
import type { AdminOrder } from '../../orders/api/get-orders';

/** A held order in the review queue, its order's status a word. */
export type ReviewItem = Omit<ReviewRow, 'order'> & { order: AdminOrder };

/** GET /admin/holds: the review queue's first page (later pages add the cursor); a release or a refund of a held order reloads it. */
export const holdsKey = '/admin/holds';

const readReviewPages = readPagesWith((row: ReviewRow): ReviewItem => ({ ...row, order: orderFromWire(row.order) }));

/** The held orders, oldest first, a page at a time. */
export function useHolds() {
  return useCursorList<ReviewItem>(holdsKey, (item) => item.order.order_id, readReviewPages);
}

import type { AdminClaimRow } from '@contract/admin-wire';
import { orderFromWire } from '../../../../lib/statuses';
import type { ScopedMutator } from 'swr';
import { readPagesWith, reloadList, useCursorList } from '../../kit/api/cursor-list';
import type { AdminOrder } from '../../orders/api/get-orders';

/** Open reports (the queue, oldest first) or closed ones (newest first). */
export type ClaimStatus = AdminClaimRow['status'];

/** A shopper's report as the console holds it, its order's status a word. */
export type ClaimItem = Omit<AdminClaimRow, 'order'> & { order: AdminOrder | null };

/** GET /admin/claims?status=: the list's first page (later pages add the cursor); an answer or a close reloads both. */
export const claimsKey = (status: ClaimStatus) => `/admin/claims?status=${status}`;

const readClaimPages = readPagesWith((row: AdminClaimRow): ClaimItem => ({ ...row, order: row.order && orderFromWire(row.order) }));

/** The reports of one status, a page at a time. */
export function useClaims(status: ClaimStatus) {
  return useCursorList<ClaimItem>(claimsKey(status), (item) => item.claim_id, readClaimPages);
}

/** Loads both lists again: an answer changes a thread, a close moves the report from open to closed. */
export const reloadClaims = (mutate: ScopedMutator) =>
  Promise.all([reloadList(mutate, claimsKey('open')), reloadList(mutate, claimsKey('closed'))]);

import type { AdminWalletRequestRow } from '@contract/admin-wire';
import type { ScopedMutator } from 'swr';
import { type TopUpStatus, type Worded, statusToWire, topUpFromWire } from '../../../../lib/statuses';
import { readPagesWith, replaceInLists, useCursorList } from '../../kit/api/cursor-list';

/** A shopper's wallet top-up as the console lists it, its status a word. */
export type AdminWalletRequest = Worded<AdminWalletRequestRow, TopUpStatus>;

/** GET /admin/wallet_requests?status= : the first page's path of one status. */
export const walletRequestsListKey = (status: TopUpStatus) => `/admin/wallet_requests?status=${statusToWire(status)}`;

export const topUpStatuses: TopUpStatus[] = ['pending', 'completed', 'cancelled'];

const everyWalletRequestsList = topUpStatuses.map(walletRequestsListKey);

const readWalletRequestPages = readPagesWith(topUpFromWire<AdminWalletRequestRow>);

/** Every shopper's wallet top-ups of one status, newest first, a page at a time. */
export function useAdminWalletRequests(status: TopUpStatus) {
  return useCursorList<AdminWalletRequest>(walletRequestsListKey(status), (request) => request.rq_id, readWalletRequestPages);
}

/** Shows a top-up's new status in every cached top-ups list, in its place. */
export function putWalletRequestStatus(mutate: ScopedMutator, requestId: string, status: TopUpStatus): Promise<unknown> {
  return replaceInLists<AdminWalletRequest>(
    mutate,
    everyWalletRequestsList,
    (row) => row.rq_id === requestId,
    (row) => ({ ...row, status }),
  );
}

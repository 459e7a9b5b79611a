import type { AdminWalletRequestRow, WireStatus } from '@contract/wire';
import type { ScopedMutator } from 'swr';
import { replaceInLists, useCursorList } from './cursor-list';

/** GET /admin/wallet_requests?status= : the first page's path of one status. */
export const walletRequestsListKey = (status: WireStatus) => `/admin/wallet_requests?status=${status}`;

const everyWalletRequestsList = (['0', '1', '2'] as const).map(walletRequestsListKey);

/** Every shopper's wallet top-ups of one status, newest first, a page at a time. */
export function useAdminWalletRequests(status: WireStatus) {
  return useCursorList<AdminWalletRequestRow>(walletRequestsListKey(status), (request) => request.rq_id);
}

/** Shows a top-up's new status in every cached top-ups list, in its place. */
export function putWalletRequestStatus(mutate: ScopedMutator, requestId: string, status: WireStatus): Promise<unknown> {
  return replaceInLists<AdminWalletRequestRow>(
    mutate,
    everyWalletRequestsList,
    (row) => row.rq_id === requestId,
    (row) => ({ ...row, status }),
  );
}

import type { markReadBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { unreadCountKey } from './get-unread-count';

/** POST /user/notifications/read: marks the given notifications read and answers the unread count left. */
async function markRead(_key: typeof unreadCountKey, { arg: ids }: { arg: string[] }): Promise<number> {
  const { data } = await apiRequest<{ unread: number }>('POST', '/user/notifications/read', {
    body: { ids: ids.join(',') } satisfies v.InferInput<typeof markReadBody>,
  });
  return data.unread;
}

/** Marks notifications read; the header's unread count takes the answer at once. */
export function useMarkRead() {
  return useSWRMutation(unreadCountKey, markRead, { ...writeOptions, populateCache: true, revalidate: false });
}

import type { AdminEvent } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from './get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { saveEventBody } from '@contract/admin-content';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-content.ts). */
export type EventInput = v.InferInput<typeof saveEventBody>;

/** POST /admin/events: a new home-page banner, or a change of one. Revalidates the content and the shop's reads. */
export function useSaveEvent() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/events',
    async (path: string, { arg }: { arg: EventInput }) => {
      const { data, message } = await apiRequest<AdminEvent>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(contentKey), refreshShopReads(mutate, 'content')]);
      return { event: data, message };
    },
    writeOptions,
  );
}

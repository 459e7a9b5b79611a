import type { blockBody, unblockBody } from '@contract/admin-operations';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { blocklistKey } from './get-blocklist';

/** The requests as the endpoints' schemas take them (functions/contract/admin-operations.ts). */
export type BlockInput = v.InferInput<typeof blockBody>;
type UnblockInput = v.InferInput<typeof unblockBody>;

/** POST /admin/blocklist: block an identity; answers the server's message and revalidates the list. */
export function useAddBlock() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    blocklistKey,
    async (path: string, { arg }: { arg: BlockInput }) => {
      const { message } = await apiRequest('POST', path, { body: { ...arg } });
      await mutate(blocklistKey);
      return message;
    },
    writeOptions,
  );
}

/** POST /admin/blocklist/remove: lift a block; answers the server's message and revalidates the list. */
export function useRemoveBlock() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    blocklistKey,
    async (_: string, { arg }: { arg: UnblockInput }) => {
      const { message } = await apiRequest('POST', `${blocklistKey}/remove`, { body: { ...arg } });
      await mutate(blocklistKey);
      return message;
    },
    writeOptions,
  );
}

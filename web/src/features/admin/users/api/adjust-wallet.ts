import type { adjustWalletBody } from '@contract/admin-operations';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { userKey } from '../../../../lib/auth';
import { isUserSearchKey } from './find-users';
import { userDetailKey } from './get-user';

/** An adjustment of a user's wallet: the user, and the request its schema takes (functions/contract/admin-operations.ts). */
export type AdjustWalletRequest = { user_id: string } & v.InferInput<typeof adjustWalletBody>;

/**
 * POST /admin/users/{id}/adjust: adds `amount` taka (negative takes away) with the operator's
 * reason. Revalidates the user (balance and ledger), the searches that show the balance, and the
 * header's balance; answers the new balance and the server's message.
 */
export function useAdjustWallet() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/users/adjust',
    async (_key: string, { arg: { user_id: userId, ...adjustment } }: { arg: AdjustWalletRequest }) => {
      const { data, message } = await apiRequest<{ balance: number }>('POST', `/admin/users/${encodeURIComponent(userId)}/adjust`, {
        body: adjustment,
      });
      await Promise.all([mutate(userDetailKey(userId)), mutate(isUserSearchKey), mutate(userKey)]);
      return { balance: data.balance, message };
    },
    writeOptions,
  );
}

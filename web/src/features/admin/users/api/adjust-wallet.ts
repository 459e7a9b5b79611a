import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { userKey } from '../../../../lib/auth';
import { isUserSearchKey } from './find-users';
import { userDetailKey } from './get-user';

/**
 * POST /admin/users/{id}/adjust: adds `amount` taka (negative takes away) with the operator's
 * reason. Revalidates the user (balance and ledger), the searches that show the balance, and the
 * header's balance; answers the new balance and the server's message.
 */
export function useAdjustWallet() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/users/adjust',
    async (_key: string, { arg }: { arg: { user_id: string; amount: number; reason: string } }) => {
      const { data, message } = await apiRequest<{ balance: number }>('POST', `/admin/users/${encodeURIComponent(arg.user_id)}/adjust`, {
        body: { amount: arg.amount, reason: arg.reason },
      });
      await Promise.all([mutate(userDetailKey(arg.user_id)), mutate(isUserSearchKey), mutate(userKey)]);
      return { balance: data.balance, message };
    },
    writeOptions,
  );
}

import type { WireStatus } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { userKey } from '../../../../lib/auth';
import { topUpFromWire } from '../../../../lib/statuses';
import { dashboardKey } from '../../dashboard/api/get-dashboard';
import { userDetailKey } from '../../users/api/get-user';
import { putWalletRequestStatus } from './get-wallet-requests';

/**
 * POST /admin/wallet_requests/{id}/verify: asks the gateway now. The row shows the status it
 * answers, in place; the dashboard and the shopper's balance are revalidated. Answers the status
 * and the server's message.
 */
export function useVerifyWalletRequest() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/wallet_requests/verify',
    async (_key: string, { arg }: { arg: { rq_id: string; user_id: string } }) => {
      const answer = await apiRequest<{ status: WireStatus }>('POST', `/admin/wallet_requests/${encodeURIComponent(arg.rq_id)}/verify`);
      const { status } = topUpFromWire(answer.data);
      await Promise.all([
        putWalletRequestStatus(mutate, arg.rq_id, status),
        mutate(dashboardKey),
        mutate(userDetailKey(arg.user_id)),
        mutate(userKey),
      ]);
      return { status, message: answer.message };
    },
    writeOptions,
  );
}

import type { linkTokenBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';

/** The request of a mailed link's page as its schema takes it (functions/contract/accounts.ts). */
type LinkTokenRequest = v.InferInput<typeof linkTokenBody>;

/** POST /auth/verify_email: spends the link's token; answers the server's message. */
export async function verifyEmail(token: string): Promise<string> {
  const { message } = await apiRequest('POST', '/auth/verify_email', { body: { token } satisfies LinkTokenRequest });
  return message;
}

/** POST /auth/cancel_email_change: the owner's "this wasn't me"; spends the link's token, answers the server's message. */
export async function cancelEmailChange(token: string): Promise<string> {
  const { message } = await apiRequest('POST', '/auth/cancel_email_change', { body: { token } satisfies LinkTokenRequest });
  return message;
}

/** POST /user/send_verification: mails the link again (to the pending address, or the unverified one). */
export function useSendVerification() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/send_verification',
    async (path: string) => {
      const { message } = await apiRequest('POST', path);
      await mutate(userKey);
      return message;
    },
    writeOptions,
  );
}

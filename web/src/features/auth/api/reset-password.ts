import type { resetPasswordBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The request of POST /auth/reset_password as its schema takes it (functions/contract/accounts.ts). */
export type ResetPasswordRequest = v.InferInput<typeof resetPasswordBody>;

/** POST /auth/reset_password: the mailed link's token and the new password; every older session ends. Answers the server's message. */
export function useResetPassword() {
  return useSWRMutation(
    '/auth/reset_password',
    async (path: string, { arg }: { arg: ResetPasswordRequest }) => (await apiRequest('POST', path, { body: arg })).message,
    writeOptions,
  );
}

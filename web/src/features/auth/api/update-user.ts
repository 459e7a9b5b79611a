import type { UserInfo } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { sessionStore } from '../../../lib/session';
import type { passwordChangeBody, profileChangeBody } from '@contract/accounts';
import type * as v from 'valibot';

/** The profile form's fields, or the security form's, each with its proof when it changes who holds the account (functions/contract/accounts.ts). */
export type UpdateUserInput = v.InferInput<typeof profileChangeBody> | v.InferInput<typeof passwordChangeBody>;

/**
 * POST /user/update_user: one action for the profile and the password (spec §7). A password
 * change answers a fresh token, kept at once because older ones stop working. Revalidates the
 * user; answers the server's message.
 */
export function useUpdateUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/update_user',
    async (path: string, { arg }: { arg: UpdateUserInput }) => {
      const { data, message } = await apiRequest<Partial<UserInfo>>('POST', path, { body: { ...arg } });
      if ('new_password' in arg && data.authToken) sessionStore.setToken(data.authToken);
      await mutate(userKey);
      return message;
    },
    writeOptions,
  );
}

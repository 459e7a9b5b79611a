import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';

/** POST /auth/reset_password: the mailed link's token and the new password; every older session ends. Answers the server's message. */
export function useResetPassword() {
  return useSWRMutation(
    '/auth/reset_password',
    async (path: string, { arg }: { arg: { token: string; new_password: string } }) =>
      (await apiRequest('POST', path, { body: arg })).message,
    writeOptions,
  );
}

import type { forgotPasswordBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';

/**
 * POST /auth/forgot_password: mails a reset link (in the shopper's current language) if the address
 * has an account; the answer is the same either way.
 */
export function useForgotPassword() {
  return useSWRMutation(
    '/auth/forgot_password',
    async (path: string, { arg: email }: { arg: string }) =>
      (await apiRequest('POST', path, { body: { email, language: currentLocale() } satisfies v.InferInput<typeof forgotPasswordBody> }))
        .message,
    writeOptions,
  );
}

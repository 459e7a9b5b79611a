import { apiRequest } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';
import type { registerBody } from '@contract/accounts';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/accounts.ts). */
export type RegisterInput = v.InferInput<typeof registerBody>;

/** POST /auth/register_user: creates the account, in the shopper's current language (for its mails); returns the server's message. */
export async function register(input: RegisterInput): Promise<string> {
  const { message } = await apiRequest<Record<string, never>>('POST', '/auth/register_user', {
    body: { ...input, language: currentLocale() },
  });
  return message;
}

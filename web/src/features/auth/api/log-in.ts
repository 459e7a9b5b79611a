import type { UserInfo } from '@contract/wire';
import { apiRequest } from '../../../lib/api';
import { startSession } from '../../../lib/auth';
import type { Locale } from '../../../lib/i18n';
import type { logInBody } from '@contract/accounts';
import type * as v from 'valibot';

/**
 * The request as the endpoint's schema takes it (functions/contract/accounts.ts); a Google sign-in
 * also says the shopper's language, for the mails of an account it creates.
 */
export type LogInInput = v.InferInput<typeof logInBody> & { language?: Locale };

/** POST /auth/login: on success starts the session (token and user) and returns the server's message. */
export async function logIn(input: LogInInput): Promise<string> {
  const { data, message } = await apiRequest<UserInfo & { authToken: string }>('POST', '/auth/login', { body: { ...input } });
  await startSession(data);
  return message;
}

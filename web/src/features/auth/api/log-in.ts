import type { UserInfo } from '@contract/wire';
import { apiRequest } from '../../../lib/api';
import { startSession } from '../../../lib/auth';
import type { logInBody } from '@contract/accounts';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/accounts.ts). */
export type LogInInput = v.InferInput<typeof logInBody>;

/** POST /auth/login: on success starts the session (token and user) and returns the server's message. */
export async function logIn(input: LogInInput): Promise<string> {
  const { data, message } = await apiRequest<UserInfo & { authToken: string }>('POST', '/auth/login', { body: { ...input } });
  await startSession(data);
  return message;
}

import type { UserInfo } from '@contract/wire';
import { apiRequest } from '../../../lib/api';
import { startSession } from '../../../lib/auth';

export interface LogInInput {
  email: string;
  password: string;
  photoURL?: string;
  google_token?: string;
  nonce?: string;
}

/** POST /auth/login: on success starts the session (token and user) and returns the server's message. */
export async function logIn(input: LogInInput): Promise<string> {
  const { data, message } = await apiRequest<UserInfo & { authToken: string }>('POST', '/auth/login', { body: { ...input } });
  await startSession(data);
  return message;
}

import { apiRequest } from '../../../lib/api';
import { type UserInfo, sessionStore } from '../../../lib/session';

export interface LogInInput {
  email: string;
  password: string;
  photoURL?: string;
  google_token?: string;
}

/**
 * POST /auth/login: on success stores the token and user info (the session) and returns the
 * server's message; on failure records the message in the auth state and rethrows.
 */
export async function logIn(input: LogInInput): Promise<string> {
  sessionStore.update({ loading: true, error: null, success: false });
  try {
    const { data, message } = await apiRequest<UserInfo & { authToken: string }>('POST', '/auth/login', { body: { ...input } });
    sessionStore.update({ loading: false, success: true, userToken: data.authToken, userInfo: data });
    return message;
  } catch (error) {
    sessionStore.update({ loading: false, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

import { apiRequest } from '../../../lib/api';

export interface RegisterInput {
  name: string;
  email: string;
  mobile_no: string;
  password?: string;
  google_token?: string;
  nonce?: string;
}

/** POST /auth/register_user: creates the account; returns the server's message. */
export async function register(input: RegisterInput): Promise<string> {
  const { message } = await apiRequest<Record<string, never>>('POST', '/auth/register_user', { body: { ...input } });
  return message;
}

import { ApiError, apiRequest, sessionExpired } from '../../../lib/api';
import { type UserInfo, sessionStore } from '../../../lib/session';

/**
 * The start-up check of a stored session (spec §4): "Token invalid or missing" clears it
 * silently; any other 401 is the global "Session Expired".
 */
export async function checkStoredSession(): Promise<void> {
  if (!sessionStore.get().userToken) return;
  try {
    const { data } = await apiRequest<UserInfo>('POST', '/user/user_data', { quietUnauthorized: true });
    sessionStore.update({ userInfo: { ...sessionStore.get().userInfo, ...data } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (error.message !== 'Token invalid or missing') sessionExpired();
  }
}

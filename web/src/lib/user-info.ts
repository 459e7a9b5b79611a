import { apiRequest } from './api';
import { type UserInfo, sessionStore } from './session';

/** POST /user/user_data: refreshes the stored user info (after purchases and top-ups). */
export async function refreshUserInfo(): Promise<void> {
  const { data } = await apiRequest<UserInfo>('POST', '/user/user_data');
  sessionStore.update({ userInfo: { ...sessionStore.get().userInfo, ...data } });
}

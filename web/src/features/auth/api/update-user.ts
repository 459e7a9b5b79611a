import { apiRequest } from '../../../lib/api';
import { type UserInfo, sessionStore } from '../../../lib/session';

/** POST /user/update_user (profile form): updates name, mobile number and email in place. */
export async function updateProfile(input: { name: string; mobile_no: string; email: string }): Promise<string> {
  const { data, message } = await apiRequest<UserInfo>('POST', '/user/update_user', { body: input });
  sessionStore.update({ userInfo: { ...sessionStore.get().userInfo, ...data } });
  return message;
}

/** POST /user/update_user (security form): changes the password and keeps the fresh token. */
export async function changePassword(input: { password?: string; new_password: string }): Promise<string> {
  const { data, message } = await apiRequest<{ authToken: string }>('POST', '/user/update_user', { body: input });
  sessionStore.update({ userToken: data.authToken, userInfo: sessionStore.get().userInfo && { ...sessionStore.get().userInfo!, has_password: true } });
  return message;
}

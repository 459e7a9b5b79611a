import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { resendVerification } from '../service/profile';

export const handler = userRoute({}, async ({ user }) => {
  const to = await resendVerification(user);
  return success({}, `We sent a link to ${to}`);
});

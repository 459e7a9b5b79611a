import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { sendMobileCode } from '../service/mobile';

export const handler = userRoute({}, async ({ user }) => {
  const to = await sendMobileCode(user);
  return success({}, `We texted a code to ${to}`);
});

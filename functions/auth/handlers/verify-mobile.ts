import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { mobileCodeBody } from '../../contract/accounts';
import { verifyMobileCode } from '../service/mobile';

export const handler = userRoute({ ...formBody(mobileCodeBody) }, async ({ body, user }) => {
  const mobileNo = await verifyMobileCode(user, body.code);
  return success({ mobile_no: mobileNo, mobile_verified: true }, 'Mobile number verified');
});

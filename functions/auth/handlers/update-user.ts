import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { parseInput } from '../../shared/validation';
import { changePassword, updateProfile } from '../service/profile';
import { googleNonceCookieName } from '../google-nonce';
import { userInfoView } from '../views';
import { passwordChangeBody, profileChangeBody, updateUserBody } from '../../contract/accounts';

export const handler = userRoute({ ...formBody(updateUserBody) }, async ({ body, user, cookies }) => {
  const proofOf = (form: { password?: string; google_token?: string }) => ({
    password: form.password,
    googleToken: form.google_token,
    nonceSecret: cookies[googleNonceCookieName],
  });
  if (body.new_password !== undefined) {
    const change = parseInput(passwordChangeBody, body);
    const authToken = await changePassword(user, { proof: proofOf(change), next: change.new_password });
    return success({ authToken }, 'Password Change Successfully');
  }
  const change = parseInput(profileChangeBody, body);
  const account = await updateProfile(user, { name: change.name, mobileNo: change.mobile_no, email: change.email, proof: proofOf(change) });
  const message = account.verificationSentTo
    ? `Updated Successfully. Your email changes once you follow the link we sent to ${account.verificationSentTo}.`
    : 'Updated Successfully';
  return success(userInfoView(account), message);
});

import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { mobileField, optionalEmail, optionalSecret, parseInput, requiredText } from '../../shared/validation';
import { minPasswordLength } from '../../contract/rules';
import { changePassword, updateProfile } from '../service/profile';
import { userInfoView } from '../views';

/** One action serves both forms (spec §7): a new_password makes it a password change. */
const form = v.looseObject({ new_password: optionalSecret() });

const passwordChange = v.object({
  password: optionalSecret(),
  new_password: v.pipe(v.string('Min length must be five'), v.minLength(minPasswordLength, 'Min length must be five')),
});

const profileChange = v.object({
  name: requiredText('Required Field', 80),
  mobile_no: mobileField('Required Field'),
  email: optionalEmail(),
});

export const handler = userRoute({ ...formBody(form) }, async ({ body, user }) => {
  if (body.new_password !== undefined) {
    const change = parseInput(passwordChange, body);
    const authToken = await changePassword(user, { current: change.password, next: change.new_password });
    return success({ authToken }, 'Password Change Successfully');
  }
  const change = parseInput(profileChange, body);
  const account = await updateProfile(user, { name: change.name, mobileNo: change.mobile_no, email: change.email });
  const message = account.verificationSentTo
    ? `Updated Successfully. Your email changes once you follow the link we sent to ${account.verificationSentTo}.`
    : 'Updated Successfully';
  return success(userInfoView(account), message);
});

import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { mobileField, optionalEmail, optionalSecret, optionalText, parseInput, requiredText } from '../../shared/validation';
import { minPasswordLength } from '../../contract/rules';
import { changePassword, updateProfile } from '../service/profile';
import { userInfoView } from '../views';

/** One action serves both forms (spec §7): a new_password makes it a password change. */
const form = v.looseObject({ new_password: optionalSecret() });

/** Fresh proof for a new email or password: the current password, or a Google-only account's recent Google sign-in. */
const proof = { password: optionalSecret(), google_token: optionalText(4096), nonce: optionalText(200) };

const passwordChange = v.object({
  ...proof,
  new_password: v.pipe(v.string('Min length must be five'), v.minLength(minPasswordLength, 'Min length must be five')),
});

const profileChange = v.object({
  ...proof,
  name: requiredText('Required Field', 80),
  mobile_no: mobileField('Required Field'),
  email: optionalEmail(),
});

const proofOf = (form: { password?: string; google_token?: string; nonce?: string }) => ({
  password: form.password,
  googleToken: form.google_token,
  nonce: form.nonce,
});

export const handler = userRoute({ ...formBody(form) }, async ({ body, user }) => {
  if (body.new_password !== undefined) {
    const change = parseInput(passwordChange, body);
    const authToken = await changePassword(user, { proof: proofOf(change), next: change.new_password });
    return success({ authToken }, 'Password Change Successfully');
  }
  const change = parseInput(profileChange, body);
  const account = await updateProfile(user, { name: change.name, mobileNo: change.mobile_no, email: change.email, proof: proofOf(change) });
  const message = account.verificationSentTo
    ? `Updated Successfully. Your email changes once you follow the link we sent to ${account.verificationSentTo}.`
    : 'Updated Successfully';
  return success(userInfoView(account), message);
});

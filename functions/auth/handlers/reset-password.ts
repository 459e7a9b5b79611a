import * as v from 'valibot';
import { minPasswordLength } from '../../contract/rules';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { linkTokenField } from '../service/links';
import { resetPassword } from '../service/password-reset';

const body = v.object({
  token: linkTokenField,
  new_password: v.pipe(
    v.string('Min length must be five'),
    v.minLength(minPasswordLength, 'Min length must be five'),
    v.maxLength(200, 'Too long'),
  ),
});

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) => {
  await resetPassword(form.token, form.new_password);
  return success({}, 'Password Change Successfully');
});

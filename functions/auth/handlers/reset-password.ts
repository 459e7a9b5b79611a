import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { resetPassword } from '../service/password-reset';
import { resetPasswordBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(resetPasswordBody) }, async ({ body: form }) => {
  await resetPassword(form.token, form.new_password);
  return success({}, 'Password Change Successfully');
});

import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { requestPasswordReset } from '../service/forgot-password';
import { forgotPasswordBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(forgotPasswordBody) }, async ({ body: form, clientIp }) => {
  await requestPasswordReset(form.email, clientIp, form.language);
  return success({}, 'If an account has this email, we sent it a link to set a new password.');
});

import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { emailField } from '../../shared/validation';
import { requestPasswordReset } from '../service/forgot-password';

const body = v.object({ email: emailField() });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form, clientIp }) => {
  await requestPasswordReset(form.email, clientIp);
  return success({}, 'If an account has this email, we sent it a link to set a new password.');
});

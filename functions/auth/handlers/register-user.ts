import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { googleNonceCookieName } from '../google-nonce';
import { register } from '../service/registration';
import { registerBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(registerBody) }, async ({ body: form, clientIp, cookies }) => {
  await register(
    {
      name: form.name,
      email: form.email,
      mobileNo: form.mobile_no,
      password: form.password,
      googleToken: form.google_token,
      nonceSecret: cookies[googleNonceCookieName],
      language: form.language,
    },
    clientIp,
  );
  return success({}, 'Registered successfully');
});

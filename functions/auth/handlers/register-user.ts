import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { emailField, mobileField, optionalSecret, optionalText, requiredText } from '../../shared/validation';
import { minPasswordLength } from '../../contract/rules';
import { register } from '../service/registration';

const body = v.pipe(
  v.object({
    name: requiredText('Name is required', 80),
    email: emailField(),
    mobile_no: mobileField(),
    password: optionalSecret(),
    google_token: optionalText(4096),
    nonce: optionalText(200),
  }),
  // Without a Google ID token the password is required, and at least five characters.
  v.forward(
    v.check((form) => Boolean(form.google_token || form.password), 'Password is required'),
    ['password'],
  ),
  v.forward(
    v.check((form) => Boolean(form.google_token) || (form.password ?? '').length >= minPasswordLength, 'Min length must be five'),
    ['password'],
  ),
);

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form, clientIp }) => {
  await register(
    {
      name: form.name,
      email: form.email,
      mobileNo: form.mobile_no,
      password: form.password,
      googleToken: form.google_token,
      nonce: form.nonce,
    },
    clientIp,
  );
  return success({}, 'Registered successfully');
});

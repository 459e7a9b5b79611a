import { z } from 'zod';
import { httpHandler, success } from '../../shared/http';
import { emailField, mobileField, optionalSecret, optionalText, requiredText } from '../../shared/validation';
import { minPasswordLength } from '../passwords';
import { register } from '../service';

const body = z
  .object({
    name: requiredText('Name is required', 80),
    email: emailField(),
    mobile_no: mobileField(),
    password: optionalSecret(),
    google_token: optionalText(4096),
  })
  .superRefine((form, ctx) => {
    if (form.google_token) return;
    if (!form.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
    else if (form.password.length < minPasswordLength) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Min length must be five' });
  });

export const handler = httpHandler({ access: 'public', body }, async ({ body: form }) => {
  await register({ name: form.name, email: form.email, mobileNo: form.mobile_no, password: form.password, googleToken: form.google_token });
  return success({}, 'Registered successfully');
});

import * as v from 'valibot';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { optionalSecret, optionalText, requiredText } from '../../shared/validation';
import { logIn, logInWithGoogle } from '../service';
import { userInfoView } from '../views';

const body = v.pipe(
  v.object({
    email: requiredText('Email/Mobile Number is required', 254),
    password: optionalSecret(),
    photoURL: optionalText(1000),
    google_token: optionalText(4096),
  }),
  v.forward(
    v.check((form) => Boolean(form.google_token || form.password), 'Password is required'),
    ['password'],
  ),
);

export const handler = publicRoute({ body }, async ({ body: form, clientIp }) => {
  const account = form.google_token
    ? await logInWithGoogle(form.google_token, form.email, form.photoURL)
    : await logIn(form.email, form.password!, clientIp);
  return success(userInfoView(account, account.token), 'Logged in successfully');
});

import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { optionalSecret, optionalText, requiredText } from '../../shared/validation';
import { deviceCookieName } from '../device-token';
import { logIn, logInWithGoogle } from '../service/log-in';
import { userInfoView } from '../views';

const body = v.pipe(
  v.object({
    email: requiredText('Email/Mobile Number is required', 254),
    password: optionalSecret(),
    photoURL: optionalText(1000),
    google_token: optionalText(4096),
    nonce: optionalText(200),
  }),
  v.forward(
    v.check((form) => Boolean(form.google_token || form.password), 'Password is required'),
    ['password'],
  ),
);

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form, clientIp, cookies }) => {
  const signedIn = form.google_token
    ? await logInWithGoogle({ googleToken: form.google_token, nonce: form.nonce, email: form.email, photoURL: form.photoURL })
    : await logIn(form.email, form.password!, clientIp, cookies[deviceCookieName]);
  return { ...success(userInfoView(signedIn, signedIn.token), 'Logged in successfully'), cookies: [signedIn.deviceCookie] };
});

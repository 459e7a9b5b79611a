import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { deviceCookieName } from '../device-token';
import { googleNonceCookieName } from '../google-nonce';
import { logIn, logInWithGoogle } from '../service/log-in';
import { userInfoView } from '../views';
import { logInBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(logInBody) }, async ({ body: form, clientIp, cookies }) => {
  const signedIn = form.google_token
    ? await logInWithGoogle({
        googleToken: form.google_token,
        nonceSecret: cookies[googleNonceCookieName],
        email: form.email,
        photoURL: form.photoURL,
      })
    : await logIn(form.email, form.password!, clientIp, cookies[deviceCookieName]);
  return { ...success(userInfoView(signedIn, signedIn.token), 'Logged in successfully'), cookies: [signedIn.deviceCookie] };
});

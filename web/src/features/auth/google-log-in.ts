import { googlePlaceholderMobile } from '@contract/rules';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { logIn } from './api/log-in';
import { register } from './api/register';
import { chooseGoogleAccount } from './google-sign-in';
import { t } from './messages';

/**
 * Google sign-in (spec §4): choose an account, log in with it; an unknown email (404 with
 * userExists false) registers it with the Google name and the placeholder number, then logs in.
 * A popup problem keeps its own message; any other failure is "Email not registered for Google Login".
 */
export async function logInWithGoogle(): Promise<string> {
  const credential = await chooseGoogleAccount();
  const login = () =>
    logIn({
      email: credential.email,
      password: credential.sub,
      photoURL: credential.picture,
      google_token: credential.idToken,
      // The shop's language on this device, for the account's mails (as register() sends it too).
      language: currentLocale(),
    });
  try {
    return await login();
  } catch (error) {
    if (!(error instanceof ApiError && error.body?.userExists === false)) throw new Error(t('auth.google.notRegistered'));
  }
  try {
    await register({
      name: credential.name,
      email: credential.email,
      mobile_no: googlePlaceholderMobile,
      password: credential.sub,
      google_token: credential.idToken,
    });
    return await login();
  } catch {
    throw new Error(t('auth.google.notRegistered'));
  }
}

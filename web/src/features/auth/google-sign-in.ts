import { apiRequest } from '../../lib/api';
import { webConfig } from '../../lib/web-config';
import { t } from './messages';

/** What the Google ID token says; the server verifies the token itself, this only fills forms. */
export interface GoogleCredential {
  idToken: string;
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

const randomValue = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function decodeIdToken(idToken: string): GoogleCredential {
  const payload = atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'));
  const json = new TextDecoder().decode(Uint8Array.from(payload, (char) => char.charCodeAt(0)));
  const claims = JSON.parse(json) as { sub: string; email: string; name?: string; picture?: string };
  return {
    idToken,
    sub: claims.sub,
    email: claims.email,
    name: claims.name ?? claims.email.split('@')[0]!,
    picture: claims.picture,
  };
}

/**
 * Google's account chooser in a popup (OpenID implicit flow: prompt select_account, scope with
 * profile), answered by /google-callback.html through postMessage. The nonce Google signs into the
 * ID token is the server's (POST /auth/google_nonce), whose secret this browser holds in a cookie:
 * the token works once, and only from here. The popup opens at once, while the click still
 * allows it, and goes to Google when the nonce is in. The same code talks to Google in the cloud
 * and to the local stack's stand-in, as config.json says.
 */
export async function chooseGoogleAccount(): Promise<GoogleCredential> {
  const popup = window.open('', 'google-sign-in', 'width=480,height=640');
  if (!popup) throw new Error(t('auth.google.blocked'));
  const [config, nonce] = await Promise.all([webConfig(), apiRequest<{ nonce: string }>('POST', '/auth/google_nonce')]).catch(
    (error: unknown) => {
      popup.close();
      throw error;
    },
  );
  if (!config.googleClientId) {
    popup.close();
    throw new Error(t('auth.google.unavailable'));
  }
  const state = randomValue();
  const url = new URL(config.googleAuthUrl);
  url.search = new URLSearchParams({
    client_id: config.googleClientId,
    redirect_uri: `${window.location.origin}/google-callback.html`,
    response_type: 'id_token',
    scope: 'openid email profile',
    prompt: 'select_account',
    nonce: nonce.data.nonce,
    state,
  }).toString();
  popup.location.href = url.toString();

  return new Promise((resolve, reject) => {
    let grace: number | undefined;
    const finish = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      window.clearTimeout(grace);
    };
    const onMessage = (event: MessageEvent<{ type?: string; state?: string; idToken?: string; error?: string }>) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'google-sign-in' || event.data.state !== state) return;
      finish();
      if (event.data.idToken) resolve(decodeIdToken(event.data.idToken));
      else reject(new Error(event.data.error ?? t('auth.google.cancelled')));
    };
    // The callback page posts its answer and closes itself at once: a closed window may still
    // have a message on its way, so it counts as closed without an answer only a moment later.
    const watch = window.setInterval(() => {
      if (!popup.closed || grace !== undefined) return;
      grace = window.setTimeout(() => {
        finish();
        reject(new Error(t('auth.google.closed')));
      }, 1500);
    }, 500);
    window.addEventListener('message', onMessage);
  });
}

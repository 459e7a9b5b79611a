import { createHash, randomBytes } from 'node:crypto';
import { Invalid } from '../shared/errors';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { googleNonceIsOpen, putGoogleNonce, spendGoogleNonce } from '../users/repo';

/** The cookie that binds a Google sign-in's nonce to the browser that asked for it. */
export const googleNonceCookieName = 'sf_google_nonce';

/** Long enough to choose an account and come back; an ID token that comes later signs nothing in. */
const lifetimeSeconds = 10 * 60;

/** The nonce a secret stands for: what Google writes into the ID token, never the secret itself. */
export const nonceOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Google sign-ins started from one client address: a carrier's shared address serves many shoppers, a script more. */
const noncesPerAddress: RateLimit = {
  name: 'login-google-nonce',
  max: Number(process.env.GOOGLE_NONCE_LIMIT_PER_ADDRESS ?? 60),
  windowSeconds: 600,
  message: tryAgainIn('Too many Google sign-ins started from this network.'),
};

/** The one answer to a Google sign-in the server will not take, whatever the reason. */
export const googleSignInFailed = () => new Invalid('Google sign-in failed');

/**
 * A nonce for one Google sign-in, issued by the server: a random secret goes to this browser alone
 * (an HttpOnly cookie, which the page's script cannot read), its hash is the nonce the browser asks
 * Google to sign into the ID token and the record that lets it be spent once, within ten minutes.
 * A captured ID token is then worth nothing: without the secret it does not match, and once used
 * it is spent. Limited per client address, as every record anyone can make is.
 */
export async function issueGoogleNonce(clientIp: string): Promise<{ nonce: string; cookie: string }> {
  await takeAttempt(noncesPerAddress, clientIp);
  const secret = randomBytes(32).toString('base64url');
  const nonce = nonceOf(secret);
  await putGoogleNonce(nonce, nowSeconds() + lifetimeSeconds);
  return {
    nonce,
    cookie: `${googleNonceCookieName}=${secret}; Path=/api; Max-Age=${lifetimeSeconds}; HttpOnly; Secure; SameSite=Strict`,
  };
}

/** Refuses a sign-in whose nonce is not open (never issued, expired or spent); spends nothing. */
export async function requireOpenGoogleNonce(nonce: string): Promise<void> {
  if (!(await googleNonceIsOpen(nonce, nowSeconds()))) throw googleSignInFailed();
}

/** Spends a sign-in's nonce, once: a second use of the same ID token (or a parallel one) is refused. */
export async function spendGoogleSignIn(nonce: string): Promise<void> {
  if (!(await spendGoogleNonce(nonce, nowSeconds()))) throw googleSignInFailed();
}

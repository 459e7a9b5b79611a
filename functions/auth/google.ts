import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Invalid } from '../shared/errors';
import { logger } from '../shared/logger';
import { googleSignInFailed, nonceOf } from './google-nonce';

/** What a verified Google ID token says about its holder. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  /** Epoch seconds Google signed it at: how fresh a sign-in it proves. */
  issuedAt: number;
  /** The server-issued nonce it carries, to be spent once (google-nonce.ts). */
  nonce: string;
}

/**
 * Google's real endpoints in the cloud; the local stack points these at its stand-in identity
 * provider. Without a client id, Google sign-in is off.
 */
const issuer = process.env.GOOGLE_ISSUER ?? 'https://accounts.google.com';
const clientId = process.env.GOOGLE_CLIENT_ID ?? '';
const jwks = createRemoteJWKSet(new URL(process.env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs'));
/** Google writes its issuer with and without the scheme. */
const issuers = issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];

/**
 * Verifies a Google ID token: signature against the JWKS, issuer, audience (our client id),
 * expiry, a verified email, and a nonce that is the hash of the secret this browser holds for its
 * sign-in (`nonceSecret`, from the cookie the server set with the nonce): a token minted for
 * another sign-in, or presented from another browser, is refused. The caller spends the nonce.
 * Any failure is the same 400, so the caller learns nothing more.
 */
export async function verifyGoogleIdToken(token: string, nonceSecret: string | undefined): Promise<GoogleIdentity> {
  if (!clientId) throw new Invalid('Google sign-in is not available');
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer: issuers, audience: clientId, algorithms: ['RS256'] });
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!verified || typeof payload.sub !== 'string' || typeof payload.email !== 'string')
      throw new Error('unverified or incomplete identity');
    if (!nonceSecret || payload.nonce !== nonceOf(nonceSecret)) throw new Error('nonce missing or not the one of this browser');
    return {
      sub: payload.sub,
      email: payload.email,
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email.split('@')[0]!,
      picture: typeof payload.picture === 'string' && isHttpsUrl(payload.picture) ? payload.picture : undefined,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
      nonce: nonceOf(nonceSecret),
    };
  } catch (error) {
    logger.warn('google token refused', { reason: error instanceof Error ? error.name : 'unknown' });
    throw googleSignInFailed();
  }
}

/** Whether a picture URL is one we may show: https only (never javascript:, data: or plain http). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

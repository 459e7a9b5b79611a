import { SignJWT, jwtVerify } from 'jose';
import { Unauthorized } from './errors';
import { appSecrets } from './secrets';

/** Who a valid session token speaks for. `tokenVersion` must still equal the user's own. */
export interface Session {
  userId: string;
  tokenVersion: number;
}

const issuer = 'storefront';
const audience = 'storefront-web';
/** How long a session lasts; a token must carry `iat` and `exp`, and no token is honoured beyond this age whatever its `exp` says. */
const lifetime = '30d';
const lifetimeSeconds = 30 * 86_400;

/** Signs a session token (HS256, 30 days) for a user at their current token version. */
export async function signSessionToken(session: Session): Promise<string> {
  const { tokenKey } = await appSecrets();
  return new SignJWT({ ver: session.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .sign(tokenKey);
}

/**
 * Verifies signature, algorithm, issuer, audience, expiry and age (`exp` and `iat` required, at
 * most 30 days old). Any failure is the same 401, so a caller learns nothing about why. The token version is checked against the user by the caller.
 */
export async function verifySessionToken(token: string): Promise<Session> {
  const { tokenKey } = await appSecrets();
  try {
    const { payload } = await jwtVerify(token, tokenKey, { issuer, audience, algorithms: ['HS256'], requiredClaims: ['exp', 'iat'], maxTokenAge: lifetime });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') throw new Unauthorized();
    if (payload.exp! - payload.iat! > lifetimeSeconds) throw new Unauthorized();
    return { userId: payload.sub, tokenVersion: payload.ver };
  } catch {
    throw new Unauthorized();
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`; anything else is no token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^Bearer\s+/i, '');
  return value && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? value : undefined;
}

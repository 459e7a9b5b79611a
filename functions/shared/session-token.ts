import { SignJWT, jwtVerify } from 'jose';
import { Unauthorized } from './errors';
import { firstKeyId, keyRing } from './secrets';

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

/** Signs a session token (HS256, 30 days) for a user at their current token version, with the ring's current key (its id in `kid`). */
export async function signSessionToken(session: Session): Promise<string> {
  const { current } = await keyRing();
  return new SignJWT({ ver: session.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: current.id })
    .setSubject(session.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .sign(current.tokenKey);
}

/**
 * Verifies signature (with the ring's key that `kid` names; tokens from before key ids, the first
 * key), algorithm, issuer, audience, expiry and age (`exp` and `iat` required, at most 30 days
 * old). Any failure is the same 401, so a caller learns nothing about why. The token version is
 * checked against the user by the caller.
 */
export async function verifySessionToken(token: string): Promise<Session> {
  const ring = await keyRing();
  try {
    const key = (header: { kid?: string }) => {
      const found = ring.get(header.kid ?? firstKeyId);
      if (!found) throw new Unauthorized();
      return found.tokenKey;
    };
    const { payload } = await jwtVerify(token, key, {
      issuer,
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: lifetime,
    });
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

/** The session a request's Authorization header carries, if it carries a valid one; nothing otherwise (for public routes where being signed in adds a fact). */
export async function sessionIn(header: string | undefined): Promise<Session | undefined> {
  const token = tokenFromHeader(header);
  return token ? verifySessionToken(token).catch(() => undefined) : undefined;
}

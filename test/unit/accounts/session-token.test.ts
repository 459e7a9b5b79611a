import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('APP_MASTER_SECRET', 'unit-test-master-secret-with-enough-length-0123456789');
const { signSessionToken, verifySessionToken, tokenFromHeader } = await import('../../../functions/shared/session-token');
const { keyRing } = await import('../../../functions/shared/secrets');

describe('session tokens', () => {
  it('round-trips the user and token version', async () => {
    const token = await signSessionToken({ userId: 'ABC123', tokenVersion: 2 });
    expect(await verifySessionToken(token)).toEqual({ userId: 'ABC123', tokenVersion: 2 });
  });

  it('refuses an expired token', async () => {
    const { tokenKey } = (await keyRing()).current;
    const expired = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ABC123')
      .setIssuer('storefront')
      .setAudience('storefront-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(tokenKey);
    await expect(verifySessionToken(expired)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a token signed with another secret, or with alg none', async () => {
    const foreign = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ABC123')
      .setIssuer('storefront')
      .setAudience('storefront-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    await expect(verifySessionToken(foreign)).rejects.toMatchObject({ statusCode: 401 });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"ABC123","ver":1}').toString('base64url')}.`;
    await expect(verifySessionToken(unsigned)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a token without exp or iat, older than 30 days, or made to last longer than 30 days', async () => {
    const { tokenKey } = (await keyRing()).current;
    const now = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT({ ver: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('ABC123')
        .setIssuer('storefront')
        .setAudience('storefront-web');
    const noExpiry = await base().setIssuedAt().sign(tokenKey);
    const noIssuedAt = await base().setExpirationTime('1h').sign(tokenKey);
    const century = await base()
      .setIssuedAt(now - 31 * 86_400)
      .setExpirationTime(now + 100 * 365 * 86_400)
      .sign(tokenKey);
    const centuryFromNow = await base()
      .setIssuedAt(now)
      .setExpirationTime(now + 100 * 365 * 86_400)
      .sign(tokenKey);
    for (const token of [noExpiry, noIssuedAt, century, centuryFromNow])
      await expect(verifySessionToken(token)).rejects.toMatchObject({ statusCode: 401 });
    const fresh = await base()
      .setIssuedAt(now - 60)
      .setExpirationTime('1h')
      .sign(tokenKey);
    expect(await verifySessionToken(fresh)).toEqual({ userId: 'ABC123', tokenVersion: 1 });
  });

  it('reads raw and Bearer headers and ignores anything else', () => {
    expect(tokenFromHeader('a.b.c')).toBe('a.b.c');
    expect(tokenFromHeader('Bearer a.b.c')).toBe('a.b.c');
    expect(tokenFromHeader('')).toBeUndefined();
    expect(tokenFromHeader('not a token')).toBeUndefined();
  });
});

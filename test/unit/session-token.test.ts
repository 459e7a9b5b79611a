import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('APP_MASTER_SECRET', 'unit-test-master-secret-with-enough-length-0123456789');
const { signSessionToken, verifySessionToken, tokenFromHeader } = await import('../../functions/shared/session-token');
const { keyRing } = await import('../../functions/shared/secrets');

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

  it('reads raw and Bearer headers and ignores anything else', () => {
    expect(tokenFromHeader('a.b.c')).toBe('a.b.c');
    expect(tokenFromHeader('Bearer a.b.c')).toBe('a.b.c');
    expect(tokenFromHeader('')).toBeUndefined();
    expect(tokenFromHeader('not a token')).toBeUndefined();
  });
});

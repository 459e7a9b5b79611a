import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from '../../../functions/auth/passwords';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('secret-123');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('secret-123', hash)).toBe(true);
    expect(await verifyPassword('secret-124', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches a missing, malformed or decoy hash', async () => {
    expect(await verifyPassword('x', undefined)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', decoyHash)).toBe(false);
  });
});

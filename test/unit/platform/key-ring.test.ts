import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealWith, unsealWith } from '../../../functions/shared/sealed';
import { keyRingFrom } from '../../../functions/shared/secrets';

const first = 'first-key-of-the-ring-0123456789abcdef0123456789';
const second = 'second-key-of-the-ring-0123456789abcdef012345678';

describe('the key ring', () => {
  it('seals with the current key, naming it, and still reads what older keys sealed after a rotation', () => {
    const before = keyRingFrom({ current: 'master', master: first });
    const sealedBefore = sealWith(before, 'hunter2');
    expect(sealedBefore).toMatch(/^v2\.master\./);

    const rotated = keyRingFrom({ current: 'k2', master: first, k2: second });
    const sealedAfter = sealWith(rotated, 'correct horse');
    expect(sealedAfter).toMatch(/^v2\.k2\./);
    expect(unsealWith(rotated, sealedBefore)).toBe('hunter2');
    expect(unsealWith(rotated, sealedAfter)).toBe('correct horse');
    expect(() => unsealWith(before, sealedAfter)).toThrow(/key ring/);
  });

  it('reads values sealed before key ids existed (v1) with the first key', () => {
    const dataKey = Buffer.from(hkdfSync('sha256', first, 'storefront', 'data-at-rest', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    const ciphertext = Buffer.concat([cipher.update('legacy', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
    expect(unsealWith(keyRingFrom({ current: 'k2', master: first, k2: second }), v1)).toBe('legacy');
  });

  it('refuses a ring without a usable current key, or with a short key', () => {
    expect(() => keyRingFrom({ current: 'k9', master: first })).toThrow(/current/);
    expect(() => keyRingFrom({ master: 'short' })).toThrow(/not a usable key/);
  });
});

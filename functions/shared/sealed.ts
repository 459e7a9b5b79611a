import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type KeyRing, firstKeyId, keyRing } from './secrets';

/**
 * Encrypts a secret for storage (game-account passwords and backup codes) with AES-256-GCM under
 * the data key of the ring's current key: `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts.
 * The key id lets a value outlive a rotation of the ring.
 */
export async function seal(plaintext: string): Promise<string> {
  return sealWith(await keyRing(), plaintext);
}

/** Decrypts what `seal` made, with whichever key of the ring made it; a tampered or foreign value throws. For fulfilment only. */
export async function unseal(sealed: string): Promise<string> {
  return unsealWith(await keyRing(), sealed);
}

export function sealWith(ring: KeyRing, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.dataKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', ring.current.id, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

export function unsealWith(ring: KeyRing, sealed: string): string {
  const parts = sealed.split('.');
  // v1 values predate key ids: they were made with the first key.
  const [keyId, iv, tag, ciphertext] = parts[0] === 'v1' ? [firstKeyId, ...parts.slice(1)] : parts[0] === 'v2' ? parts.slice(1) : [];
  const key = keyId === undefined ? undefined : ring.get(keyId);
  if (!key || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value of this key ring');
  const decipher = createDecipheriv('aes-256-gcm', key.dataKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

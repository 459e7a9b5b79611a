import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { appSecrets } from './secrets';

/**
 * Encrypts a secret for storage (game-account passwords and backup codes) with AES-256-GCM
 * under the stage's data key: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export async function seal(plaintext: string): Promise<string> {
  const { dataKey } = await appSecrets();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Decrypts what `seal` made; a tampered or foreign value throws. For fulfilment only. */
export async function unseal(sealed: string): Promise<string> {
  const { dataKey } = await appSecrets();
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

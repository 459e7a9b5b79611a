import type { PushKey } from '@contract/wire';
import { apiRequest } from '../../../lib/api';

/** GET /user/push_key: the shop's VAPID public key, as the bytes `pushManager.subscribe` takes. */
export async function fetchPushKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = await apiRequest<PushKey>('GET', '/user/push_key');
  const base64 = data.public_key.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
}

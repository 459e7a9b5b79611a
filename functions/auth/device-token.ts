import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keyRing } from '../shared/secrets';

/** The cookie that marks a browser that signed in to an account before. */
export const deviceCookieName = 'sf_device';

/** Half a year: a device stays known as long as its owner keeps coming back within it. */
const lifetimeSeconds = 180 * 86_400;

const mac = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/**
 * A device token for a browser that has just signed in: `<userId>.<device id>.<key id>.<MAC>`,
 * keyed with the ring's current key (its id in the token, so a rotation does not forget devices).
 * It grants nothing by itself; it only lets its owner's attempts through while strangers have
 * locked the account.
 */
export async function issueDeviceToken(userId: string): Promise<{ token: string; deviceId: string; cookie: string }> {
  const { current } = await keyRing();
  const deviceId = randomBytes(12).toString('base64url');
  const token = `${userId}.${deviceId}.${current.id}.${mac(current.deviceKey, `${userId}.${deviceId}`)}`;
  const cookie = `${deviceCookieName}=${token}; Path=/api/auth; Max-Age=${lifetimeSeconds}; HttpOnly; Secure; SameSite=Strict`;
  return { token, deviceId, cookie };
}

/** The device id of a token made for this user, or undefined for anything else. */
export async function knownDevice(token: string | undefined, userId: string): Promise<string | undefined> {
  const [owner, deviceId, keyId, given, ...rest] = token?.split('.') ?? [];
  if (!owner || !deviceId || !keyId || !given || rest.length > 0 || owner !== userId) return undefined;
  const key = (await keyRing()).get(keyId);
  if (!key) return undefined;
  const expected = Buffer.from(mac(key.deviceKey, `${owner}.${deviceId}`));
  const presented = Buffer.from(given);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? deviceId : undefined;
}

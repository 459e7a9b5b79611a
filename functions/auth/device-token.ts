import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSecrets } from '../shared/secrets';

/** The cookie that marks a browser that signed in to an account before. */
export const deviceCookieName = 'sf_device';

/** Half a year: a device stays known as long as its owner keeps coming back within it. */
const lifetimeSeconds = 180 * 86_400;

const mac = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/**
 * A device token for a browser that has just signed in: `<userId>.<device id>.<MAC>`, keyed
 * with the stage secret. It grants nothing by itself; it only lets its owner's attempts through
 * while strangers have locked the account.
 */
export async function issueDeviceToken(userId: string): Promise<{ token: string; deviceId: string; cookie: string }> {
  const { deviceKey } = await appSecrets();
  const deviceId = randomBytes(12).toString('base64url');
  const token = `${userId}.${deviceId}.${mac(deviceKey, `${userId}.${deviceId}`)}`;
  const cookie = `${deviceCookieName}=${token}; Path=/api/auth; Max-Age=${lifetimeSeconds}; HttpOnly; Secure; SameSite=Strict`;
  return { token, deviceId, cookie };
}

/** The device id of a token made for this user, or undefined for anything else. */
export async function knownDevice(token: string | undefined, userId: string): Promise<string | undefined> {
  const [owner, deviceId, given] = token?.split('.') ?? [];
  if (!owner || !deviceId || !given || owner !== userId) return undefined;
  const { deviceKey } = await appSecrets();
  const expected = Buffer.from(mac(deviceKey, `${owner}.${deviceId}`));
  const presented = Buffer.from(given);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? deviceId : undefined;
}

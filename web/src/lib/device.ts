/**
 * The first-party device id: a random id kept in this browser's storage and sent with every call
 * that changes something (X-Device-Id), so that the shop's fraud rules can count and block a
 * device (docs/risk.md). It names no one and is not a fingerprint: clearing the site's data makes a new one.
 */
const deviceStorageKey = 'shop.device';

let deviceId = '';

/** This browser's device id, made on first use. */
export function currentDeviceId(): string {
  if (deviceId) return deviceId;
  try {
    deviceId = localStorage.getItem(deviceStorageKey) ?? '';
    if (!deviceId) {
      deviceId = crypto.randomUUID();
      localStorage.setItem(deviceStorageKey, deviceId);
    }
  } catch {
    // Storage refused (a private window of some in-app browsers): an id for this page's life.
    deviceId ||= crypto.randomUUID();
  }
  return deviceId;
}

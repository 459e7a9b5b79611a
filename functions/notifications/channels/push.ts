// web-push is CommonJS whose exports Node's ESM loader cannot name: its default export is the whole API.
import webPush, { type Urgency } from 'web-push';
import type { Language } from '../../contract/fields';
import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import { type VapidKeys, vapidKeys } from '../../shared/secrets';
import {
  type Notification,
  type NotificationKind,
  type PushSubscription,
  deletePushSubscription,
  endpointHash,
  notificationKey,
  pushSubscriptionsOf,
  wordsIn,
} from '../repo';
import { sendOnce } from './claim';

/** What the service worker shows (web/worker/service-worker.ts): the words, the page to open, and a tag so that repeats collapse. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** How long a push service keeps a message for a device that is offline: a day, after which the news is in the account anyway. */
const timeToLiveSeconds = 24 * 60 * 60;

/** How long one push service may take to answer before the send counts as failed (and is retried with the stream). */
const sendTimeoutMs = 5_000;

/** An order's fate is what a shopper waits for: it may wake a phone. Money and codes go at the normal pace. */
const urgencyOf = (kind: NotificationKind): Urgency => (kind === 'order_delivered' || kind === 'order_refunded' ? 'high' : 'normal');

/** The name of a device in logs and in its send claim: 8 characters of its endpoint's hash. */
const deviceName = (subscription: PushSubscription) => endpointHash(subscription.endpoint).slice(0, 8);

/** A device the push service no longer knows (RFC 8030 §7.3: 404, 410): forgotten, not failed. */
const gone = (status: number) => status === 404 || status === 410;

/**
 * Pushes a notification, in its owner's language, to each of their devices, each at most once (a claim per device on
 * the notification). A device whose subscription ended is forgotten; any other failure gives that
 * device's claim back and fails the whole, after every device was tried, so that the stream's
 * retry sends to the failed devices only. Answers how many devices it pushed to.
 */
export async function pushNotification(notification: Notification, language: Language | undefined): Promise<number> {
  const devices = await pushSubscriptionsOf(notification.userId);
  if (devices.length === 0) return 0;
  const keys = await vapidKeys();
  if (!keys) return 0;
  const payload: PushPayload = {
    ...wordsIn(notification, language),
    url: `${siteUrl()}${notification.link}`,
    tag: notification.id,
  };
  const sends = await Promise.allSettled(
    devices.map((device) =>
      sendOnce(notificationKey(notification), `push-${deviceName(device)}`, () =>
        pushTo(device, JSON.stringify(payload), urgencyOf(notification.kind), keys),
      ),
    ),
  );
  const failed = sends.filter((send) => send.status === 'rejected');
  if (failed.length > 0) throw failed[0]!.reason;
  const pushed = sends.filter((send) => send.status === 'fulfilled' && send.value).length;
  if (pushed > 0) logger.info('notification pushed', { notificationId: notification.id, kind: notification.kind, devices: pushed });
  return pushed;
}

/**
 * One Web Push request (RFC 8030): web-push encrypts the payload for the device (RFC 8291) and
 * signs the VAPID header (RFC 8292); fetch sends it, since web-push's own sender speaks https only
 * and the local stack's push service is plain http on loopback.
 */
async function pushTo(device: PushSubscription, payload: string, urgency: Urgency, keys: VapidKeys): Promise<void> {
  const request = webPush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: keys,
      TTL: timeToLiveSeconds,
      urgency,
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers,
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(sendTimeoutMs),
  }).catch((error: unknown) => {
    // A network error may carry the address it failed on: only its kind goes on, for the log line.
    throw new Error(`The push service of device ${deviceName(device)} did not answer (${(error as Error).name})`);
  });
  await response.body?.cancel();
  if (gone(response.status)) {
    await deletePushSubscription(device.userId, device.endpoint);
    logger.info('push subscription ended; device forgotten', { device: deviceName(device), status: response.status });
    return;
  }
  if (!response.ok) throw new Error(`The push service answered ${response.status} for device ${deviceName(device)}`);
}

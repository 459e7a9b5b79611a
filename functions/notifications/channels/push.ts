// web-push is CommonJS whose exports Node's ESM loader cannot name: its default export is the whole API.
import webPush, { type Urgency } from 'web-push';
import type { User } from '../../users/repo';
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
import { isLiveDevice } from '../push-devices';
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

/** An answer sending the message elsewhere, which no push service gives (RFC 8030 §5 answers 201). */
const redirected = (status: number) => status >= 300 && status < 400;

/** Forgets a device that will never get a push again, saying why (never its address). */
async function forget(device: PushSubscription, why: string): Promise<void> {
  await deletePushSubscription(device.userId, device.endpoint);
  logger.info('push device forgotten', { device: deviceName(device), why });
}

/**
 * Pushes a notification, in its owner's language, to each of their live devices, each at most once
 * (a claim per device on the notification). A device that is no longer live (an identity change
 * ended its session's devices, or its address is not a push service's) and one whose subscription
 * ended are forgotten; any other failure gives that device's claim back and fails the whole, after
 * every device was tried, so that the stream's retry sends to the failed devices only. Answers how
 * many devices it pushed to.
 */
export async function pushNotification(notification: Notification, user: User | undefined): Promise<number> {
  if (!user) return 0;
  const stored = await pushSubscriptionsOf(notification.userId);
  const devices = stored.filter((device) => isLiveDevice(device, user));
  await Promise.all(stored.filter((device) => !devices.includes(device)).map((device) => forget(device, 'no longer live')));
  if (devices.length === 0) return 0;
  const keys = await vapidKeys();
  if (!keys) return 0;
  const payload: PushPayload = {
    ...wordsIn(notification, user.language),
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
    // A push service answers, it never sends elsewhere: a redirect is not followed to any address.
    redirect: 'manual',
    signal: AbortSignal.timeout(sendTimeoutMs),
  }).catch((error: unknown) => {
    // A network error may carry the address it failed on: only its kind goes on, for the log line.
    throw new Error(`The push service of device ${deviceName(device)} did not answer (${(error as Error).name})`);
  });
  await response.body?.cancel();
  if (gone(response.status)) return forget(device, `its push service answered ${response.status}`);
  if (redirected(response.status)) return forget(device, `its address redirected (${response.status}): not a push service`);
  if (!response.ok) throw new Error(`The push service answered ${response.status} for device ${deviceName(device)}`);
}

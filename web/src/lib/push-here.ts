import type { pushUnsubscribeBody } from '@contract/accounts';
import type * as v from 'valibot';
import { apiRequest } from './api';

/** Whether this browser can get push notifications at all (a service worker and the Push API). */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's push subscription of the shop's worker, if it has one. */
export async function browserPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Stops the account's notifications on this browser (turned off, or logging out): the shop forgets
 * its subscription, and the browser drops it whatever the shop answered, so that its push service
 * answers "gone" should the shop still send. Nothing to do where there is none.
 */
export async function stopPushHere(): Promise<void> {
  const subscription = await browserPushSubscription();
  if (!subscription) return;
  const body: v.InferInput<typeof pushUnsubscribeBody> = { endpoint: subscription.endpoint };
  try {
    await apiRequest('POST', '/user/push_subscriptions/delete', { body, quietUnauthorized: true });
  } finally {
    await subscription.unsubscribe();
  }
}

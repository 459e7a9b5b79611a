import useSWR from 'swr';
import { ApiError } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { toast } from '../../lib/toast';
import { t } from './messages';
import { useDeletePushSubscription } from './api/delete-push-subscription';
import { fetchPushKey } from './api/get-push-key';
import { pushDeviceKey, useSavePushSubscription } from './api/save-push-subscription';

/** Whether this device gets the shop's notifications: `denied` when the browser blocks them for the shop. */
export type PushState = 'on' | 'off' | 'denied';

/** Whether this browser can get push notifications at all (a service worker and the Push API). */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's state, read from the browser: a subscription of the shop's worker, and the permission. */
async function readPushState(): Promise<PushState> {
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** What a browser's own refusal to subscribe (no push service reachable, a private window) tells a shopper. */
const subscribeFailed = () => t('notifications.push.subscribeFailed');

/**
 * Notifications on this device: its state, and turning them on (the browser asks the shopper,
 * then subscribes with the shop's key, and the shop keeps the subscription) or off. Asks
 * nothing until the shopper turns them on.
 */
export function usePushDevice() {
  const supported = pushSupported();
  const { data: state, mutate } = useSWR(supported ? pushDeviceKey : null, readPushState);
  const { trigger: save } = useSavePushSubscription();
  const { trigger: remove } = useDeletePushSubscription();
  const { busy, run } = useAction(t('notifications.push.failed'));

  const enable = () =>
    run(async () => {
      if ((await Notification.requestPermission()) !== 'granted') {
        await mutate();
        return;
      }
      const [registration, key] = await Promise.all([
        navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready),
        fetchPushKey(),
      ]);
      // A subscription made with an older key of the shop cannot be renewed in place.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => {
        throw new Error(subscribeFailed());
      });
      const { endpoint, keys } = subscription.toJSON();
      try {
        await save({ endpoint: endpoint ?? '', p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' });
      } catch (error) {
        await subscription.unsubscribe();
        throw error instanceof ApiError ? error : new Error(subscribeFailed());
      }
      toast.success(t('notifications.push.turnedOn'));
    });

  const disable = () =>
    run(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await remove(subscription.endpoint);
        await subscription.unsubscribe();
      }
      await mutate();
      toast.success(t('notifications.push.turnedOff'));
    });

  return { supported, state, busy, enable, disable };
}

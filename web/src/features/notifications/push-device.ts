import { ApiError } from '../../lib/api';
import { browserPushSubscription, pushSupported, stopPushHere } from '../../lib/push-here';
import { useAction } from '../../lib/use-action';
import { toast } from '../../lib/toast';
import { t } from './messages';
import { usePushDevices } from './api/get-push-devices';
import { fetchPushKey } from './api/get-push-key';
import { useSavePushSubscription } from './api/save-push-subscription';

/** Whether this device gets the shop's notifications: `denied` when the browser blocks them for the shop. */
export type PushState = 'on' | 'off' | 'denied';

/** What a browser's own refusal to subscribe (no push service reachable, a private window) tells a shopper. */
const subscribeFailed = () => t('notifications.push.subscribeFailed');

/**
 * Notifications on this device: its state, and turning them on (the browser asks the shopper,
 * then subscribes with the shop's key, and the shop keeps the subscription) or off. Asks
 * nothing until the shopper turns them on.
 */
export function usePushDevice() {
  const supported = pushSupported();
  const { data: devices, mutate } = usePushDevices(supported);
  const { trigger: save } = useSavePushSubscription();
  const { busy, run } = useAction(t('notifications.push.failed'));
  // On only while the shop still pushes to this browser's subscription: an identity change elsewhere ends it.
  const state: PushState | undefined = !supported
    ? undefined
    : Notification.permission === 'denied'
      ? 'denied'
      : devices && (Notification.permission === 'granted' && devices.some((device) => device.this_device) ? 'on' : 'off');

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
      // A subscription made with an older key of the shop, or one an identity change ended, is not renewed in place.
      await (await browserPushSubscription())?.unsubscribe();
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
      await stopPushHere();
      await mutate();
      toast.success(t('notifications.push.turnedOff'));
    });

  return { supported, state, busy, enable, disable };
}

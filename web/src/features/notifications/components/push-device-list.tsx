import type { PushDevice } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useDeletePushDevice } from '../api/delete-push-device';
import { usePushDevices } from '../api/get-push-devices';
import { type Translate, useT } from '../messages';

/** A device as its owner knows it: "Chrome · Android", or what its browser did not say in words. */
const deviceName = (device: PushDevice, t: Translate) =>
  [device.browser || t('notifications.devices.someBrowser'), device.system].filter(Boolean).join(' · ');

/**
 * The devices that get the account's notifications, each with when it was added and a way to
 * turn it off from here: a phone left logged in somewhere, or sold, stops hearing about the account.
 * Nothing shows while there is none.
 */
export function PushDeviceList() {
  const { t, longDate } = useT();
  const { data: devices } = usePushDevices();
  const { trigger: remove } = useDeletePushDevice();
  const { busy, run } = useAction(t('notifications.push.failed'));
  if (!devices?.length) return null;
  return (
    <section className="push-devices" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{t('notifications.devices.title')}</h2>
      <ul>
        {devices.map((device) => (
          <li key={device.id} className="push-device">
            <span className="push-device-about">
              <span className="push-device-name">
                <strong>{deviceName(device, t)}</strong>
                {device.this_device && <span className="badge badge-info">{t('notifications.devices.thisDevice')}</span>}
              </span>
              <span className="muted small">{t('notifications.devices.added', { date: longDate(device.created_at) })}</span>
            </span>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={busy}
              aria-label={t('notifications.devices.turnOffOn', { name: deviceName(device, t) })}
              onClick={() => void run(async () => toast.success(await remove(device.id)))}
            >
              {t('notifications.devices.turnOff')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

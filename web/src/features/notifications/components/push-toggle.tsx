import '../notifications.css';
import { useT } from '../messages';
import { usePushDevice } from '../push-device';

/**
 * "Notify me on this device": the shopper turns the shop's notifications on or off for this
 * browser. Nothing is asked until they do; hidden where the browser cannot get them.
 */
export function PushToggle() {
  const { t } = useT();
  const { supported, state, busy, enable, disable } = usePushDevice();
  if (!supported || !state) return null;
  const on = state === 'on';
  return (
    <div className="push-toggle">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={busy || state === 'denied'}
          onChange={() => void (on ? disable() : enable())}
        />
        {t('notifications.push.label')}
      </label>
      <p className="muted" role="status">
        {state === 'on' ? t('notifications.push.on') : state === 'denied' ? t('notifications.push.denied') : t('notifications.push.off')}
      </p>
    </div>
  );
}

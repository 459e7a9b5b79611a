import '../notifications.css';
import { usePushDevice } from '../push-device';

/**
 * "Notify me on this device": the shopper turns the shop's notifications on or off for this
 * browser. Nothing is asked until they do; hidden where the browser cannot get them.
 */
export function PushToggle() {
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
        Notify me on this device
      </label>
      <p className="muted" role="status">
        {state === 'on'
          ? 'This device gets a notification when an order is delivered or refunded, and when money reaches your wallet.'
          : state === 'denied'
            ? 'Notifications are blocked for this shop in your browser. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, then reload this page.'
            : 'Get a notification on this device when an order is delivered or refunded.'}
      </p>
    </div>
  );
}

import { LoadFailed } from '../../../components/load-failed';
import { type MailSettings, useMailSettings, useSaveMailSettings } from '../api/mail-settings';

const choices: { topic: keyof MailSettings; label: string; hint: string }[] = [
  { topic: 'delivery_updates', label: 'Delivery updates', hint: 'When a top-up reaches your game account.' },
  { topic: 'payment_updates', label: 'Cancelled payments', hint: 'When a bKash, Nagad or Upay payment was not completed.' },
];

/**
 * Which e-mails the shopper gets, saved as each box changes. Receipts, refunds and security
 * notices are not offered: they are the record of the shopper's money and account.
 */
export function MailSettingsForm() {
  const { data, error, mutate } = useMailSettings();
  const { trigger: save, isMutating } = useSaveMailSettings();
  if (error && !data) return <LoadFailed message="Your e-mail settings could not be loaded." onRetry={mutate} />;
  return (
    <fieldset className="mail-settings" disabled={!data} aria-busy={isMutating}>
      <legend>E-mail</legend>
      {choices.map(({ topic, label, hint }) => (
        <label key={topic} className="mail-setting">
          <input
            type="checkbox"
            checked={data?.mail[topic] ?? true}
            onChange={(event) => {
              if (!data) return;
              const next = { ...data.mail, [topic]: event.target.checked };
              // Shown at once, and put back if the save fails.
              save(next, { optimisticData: { mail: next }, rollbackOnError: true }).catch(() => undefined);
            }}
          />
          <span>
            <strong>{label}</strong>
            <span className="muted small">{hint}</span>
          </span>
        </label>
      ))}
      <p className="muted small">Receipts, refunds and security notices always go to your verified e-mail address.</p>
    </fieldset>
  );
}

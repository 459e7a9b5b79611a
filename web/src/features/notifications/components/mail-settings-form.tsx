import { LoadFailed } from '../../../components/load-failed';
import { type MailSettings, useMailSettings, useSaveMailSettings } from '../api/mail-settings';
import { useT } from '../messages';

/**
 * Which e-mails the shopper gets, saved as each box changes. Receipts, refunds and security
 * notices are not offered: they are the record of the shopper's money and account.
 */
export function MailSettingsForm() {
  const { t } = useT();
  const choices: { topic: keyof MailSettings; label: string; hint: string }[] = [
    { topic: 'delivery_updates', label: t('notifications.mail.delivery'), hint: t('notifications.mail.deliveryHint') },
    { topic: 'payment_updates', label: t('notifications.mail.payment'), hint: t('notifications.mail.paymentHint') },
  ];
  const { data, error, mutate } = useMailSettings();
  const { trigger: save, isMutating } = useSaveMailSettings();
  if (error && !data) return <LoadFailed message={t('notifications.mail.loadFailed')} onRetry={mutate} />;
  return (
    <fieldset className="mail-settings" disabled={!data} aria-busy={isMutating}>
      <legend>{t('notifications.mail.legend')}</legend>
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
      <p className="muted small">{t('notifications.mail.always')}</p>
    </fieldset>
  );
}

import { saveAccountLanguage } from '../../lib/account-language';
import { type Locale, localeNames, switchLocale, t, useT } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { toast } from '../../lib/toast';
import './language-switch.css';

/**
 * The switch to the shop's other language, named in that language ("বাংলা" on the English shop,
 * "English" on the Bengali one): one tap changes the page in place, no reload, and a signed-in
 * shopper's account keeps the choice too (for its mails). Its name is its visible text.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { locale } = useT();
  const other: Locale = locale === 'bn' ? 'en' : 'bn';
  const change = async () => {
    try {
      await switchLocale(other);
    } catch {
      // A catalog could not be fetched (a lost connection): the shop stays as it was.
      toast.error(t('header.languageFailed'), { toastId: 'language-failed' });
      return;
    }
    if (sessionStore.token()) void saveAccountLanguage(other);
  };
  return (
    <button type="button" className={className} lang={other} onClick={change}>
      {localeNames[other]}
    </button>
  );
}

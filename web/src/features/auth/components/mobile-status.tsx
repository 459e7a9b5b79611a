import { isBangladeshiMobile, mobileCodeRules } from '@contract/rules';
import type { UserInfo } from '@contract/wire';
import { type FormEvent, useEffect, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useSendMobileCode, useVerifyMobile } from '../api/verify-mobile';
import { useT } from '../messages';

/** Chrome's Web OTP API (not yet in TypeScript's DOM types): the code of a text whose last line names this origin. */
interface OtpCredential extends Credential {
  code: string;
}

/**
 * Offers the code of the text as it arrives, where the browser can (Chrome on Android, after the
 * shopper allows it once); elsewhere the shopper types it, and the keyboard may still suggest it.
 */
function useTextedCode(waiting: boolean, fill: (code: string) => void) {
  useEffect(() => {
    if (!waiting || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => credential && fill((credential as OtpCredential).code))
      .catch(() => undefined);
    return () => abort.abort();
  }, [waiting, fill]);
}

/** Whether the profile's mobile number is proved, with the way to prove it: a texted code, typed here. */
export function MobileStatus({ user }: { user: UserInfo }) {
  const { t, number } = useT();
  const send = useSendMobileCode();
  const verify = useVerifyMobile();
  const sending = useAction(t('auth.mobile.sendFailed'));
  const checking = useAction(t('auth.mobile.verifyFailed'));
  const [sentAt, setSentAt] = useState<number>();
  const [code, setCode] = useState('');
  useTextedCode(sentAt !== undefined, setCode);
  if (user.mobile_verified) return <span className="status-badge status-ok">{t('auth.mobile.verified')}</span>;
  if (!isBangladeshiMobile(user.mobile_no)) return null;
  const ask = () =>
    sending.run(async () => {
      toast.success(await send.trigger());
      setSentAt(Date.now());
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checking.run(async () => {
      toast.success(await verify.trigger(code));
      setSentAt(undefined);
    });
  };
  if (sentAt === undefined)
    return (
      <span>
        <span className="muted">{t('auth.mobile.notVerified')}</span>{' '}
        <button type="button" className="link-button" onClick={ask} disabled={sending.busy}>
          {t('auth.mobile.send')}
        </button>
      </span>
    );
  return (
    <form className="mobile-code-form" onSubmit={submit}>
      <FormField
        label={t('auth.mobile.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={mobileCodeRules.digits + 4}
        hint={t('auth.mobile.codeHint', { minutes: number(mobileCodeRules.lifetimeMinutes) })}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-small" disabled={checking.busy || code.trim() === ''}>
          {t('auth.mobile.verify')}
        </button>
        <button type="button" className="link-button" onClick={ask} disabled={sending.busy}>
          {t('auth.mobile.sendAgain')}
        </button>
      </div>
    </form>
  );
}

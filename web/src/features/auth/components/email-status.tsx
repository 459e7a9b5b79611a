import type { UserInfo } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useSendVerification } from '../api/verify-email';
import { useT } from '../messages';

/** Whether the profile's email is proved, or which new one waits for its link, with a way to get the link again. */
export function EmailStatus({ user }: { user: UserInfo }) {
  const { t } = useT();
  const { trigger } = useSendVerification();
  const { busy, run } = useAction(t('auth.email.sendFailed'));
  const resend = () => run(async () => void toast.success(await trigger()));
  const waiting = user.pending_email || (!user.email_verified ? user.email : '');
  if (!waiting) return <span className="status-badge status-ok">{t('auth.email.verified')}</span>;
  return (
    <span>
      <span className="muted">
        {user.pending_email ? t('auth.email.changingTo', { email: user.pending_email }) : t('auth.email.notVerified')}
      </span>{' '}
      <button type="button" className="link-button" onClick={resend} disabled={busy}>
        {t('auth.email.resend')}
      </button>
    </span>
  );
}

import type { UserInfo } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useSendVerification } from '../api/verify-email';

/** Whether the profile's email is proved, or which new one waits for its link, with a way to get the link again. */
export function EmailStatus({ user }: { user: UserInfo }) {
  const { trigger } = useSendVerification();
  const { busy, run } = useAction('The email could not be sent');
  const resend = () => run(async () => void toast.success(await trigger()));
  const waiting = user.pending_email || (!user.email_verified ? user.email : '');
  if (!waiting) return <span className="status-badge status-ok">Verified</span>;
  return (
    <span>
      <span className="muted">
        {user.pending_email ? `Changing to ${user.pending_email}: follow the link we sent there.` : 'Not verified yet.'}
      </span>{' '}
      <button type="button" className="link-button" onClick={resend} disabled={busy}>
        Send the link again
      </button>
    </span>
  );
}

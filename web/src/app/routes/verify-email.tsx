import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { paths } from '../../config/paths';
import { verifyEmail } from '../../features/auth/api/verify-email';
import { userKey } from '../../lib/auth';

/** Where a mailed link lands: it is spent once, and the page says how it went. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setOutcome({ ok: false, message: 'This link is incomplete. Please open the link from the email again.' });
      return;
    }
    verifyEmail(token).then(
      (message) => {
        setOutcome({ ok: true, message });
        void mutate(userKey);
      },
      (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : 'The link could not be checked' }),
    );
  }, [token]);
  return (
    <div className="container auth-page">
      <section className="panel" aria-live="polite">
        <h1>Email address</h1>
        {outcome ? <p className={outcome.ok ? 'text-success' : 'text-danger'}>{outcome.message}</p> : <p>Checking your link…</p>}
        <p>
          <Link to={paths.profile} className="button">
            Go to your profile
          </Link>
        </p>
      </section>
    </div>
  );
}

export { VerifyEmailPage as Component };

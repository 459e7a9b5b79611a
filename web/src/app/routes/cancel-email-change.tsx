import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { cancelEmailChange } from '../../features/auth/api/verify-email';

/** Where the owner's "this wasn't me" link lands: it cancels the email change once, and the page says how it went. */
export function CancelEmailChangePage() {
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
    cancelEmailChange(token).then(
      (message) => setOutcome({ ok: true, message }),
      (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : 'The link could not be checked' }),
    );
  }, [token]);
  return (
    <div className="container auth-page">
      <section className="panel" aria-live="polite">
        <h1>Email change</h1>
        {outcome ? <p className={outcome.ok ? 'text-success' : 'text-danger'}>{outcome.message}</p> : <p>Checking your link…</p>}
        <p>
          <Link to={paths.forgotPassword} className="button">
            Set a new password
          </Link>
        </p>
      </section>
    </div>
  );
}

export { CancelEmailChangePage as Component };

import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

interface MailedLinkPageProps {
  title: string;
  /** Spends the link's token once; answers the server's message. */
  spend: (token: string) => Promise<string>;
  /** Where the page leads on, whatever the outcome. */
  next: { to: string; label: string };
}

/** Where a mailed single-use link lands (`?token=`): it is spent once, and the page says how it went. */
export function MailedLinkPage({ title, spend, next }: MailedLinkPageProps) {
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
    spend(token).then(
      (message) => setOutcome({ ok: true, message }),
      (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : 'The link could not be checked' }),
    );
  }, [token, spend]);
  return (
    <div className="container auth-page">
      <section className="panel" aria-live="polite">
        <h1>{title}</h1>
        {outcome ? <p className={outcome.ok ? 'text-success' : 'text-danger'}>{outcome.message}</p> : <p>Checking your link…</p>}
        <p>
          <Link to={next.to} className="button">
            {next.label}
          </Link>
        </p>
      </section>
    </div>
  );
}

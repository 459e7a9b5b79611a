import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../lib/i18n';

interface MailedLinkPageProps {
  title: string;
  /** Spends the link's token once; answers the server's message. */
  spend: (token: string) => Promise<string>;
  /** Where the page leads on, whatever the outcome. */
  next: { to: string; label: string };
}

/** How the link went: the server's message, or (none) the page's own words, said in the language shown. */
type Outcome = { ok: true; message: string } | { ok: false; message?: string; incomplete?: boolean };

/** Where a mailed single-use link lands (`?token=`): it is spent once, and the page says how it went. */
export function MailedLinkPage({ title, spend, next }: MailedLinkPageProps) {
  const { t } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setOutcome({ ok: false, incomplete: true });
      return;
    }
    spend(token).then(
      (message) => setOutcome({ ok: true, message }),
      (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : undefined }),
    );
  }, [token, spend]);
  const said = (shown: Outcome) => shown.message ?? (!shown.ok && shown.incomplete ? t('mailedLink.incomplete') : t('mailedLink.failed'));
  return (
    <div className="container auth-page">
      <section className="panel" aria-live="polite">
        <h1>{title}</h1>
        {outcome ? <p className={outcome.ok ? 'text-success' : 'text-danger'}>{said(outcome)}</p> : <p>{t('mailedLink.checking')}</p>}
        <p>
          <Link to={next.to} className="button">
            {next.label}
          </Link>
        </p>
      </section>
    </div>
  );
}

import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useT } from '../messages';
import '../content-pages.css';

/** The terms and conditions (placeholder wording until the final text arrives, spec §2). */
export function TermsPage() {
  const { t } = useT();
  const sections = [
    { key: 'orders', title: t('content.terms.ordersTitle'), text: t('content.terms.ordersText') },
    { key: 'codes', title: t('content.terms.codesTitle'), text: t('content.terms.codesText') },
    { key: 'wallet', title: t('content.terms.walletTitle'), text: t('content.terms.walletText') },
    { key: 'refunds', title: t('content.terms.refundsTitle'), text: t('content.terms.refundsText') },
    { key: 'account', title: t('content.terms.accountTitle'), text: t('content.terms.accountText') },
  ];
  return (
    <div className="container page content-page">
      <article className="panel terms">
        <p className="eyebrow">{t('content.terms.eyebrow')}</p>
        <h1>{t('content.terms.title', { name: site.name })}</h1>
        <p className="lead">{t('content.terms.lead', { name: site.name })}</p>
        {sections.map((section) => (
          <section key={section.key}>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </section>
        ))}
        <p className="muted">
          <Trans id="content.terms.questions" components={{ 0: <Link to={paths.contactUs} /> }} />
        </p>
      </article>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  const { t } = useT();
  return (
    <div className="container status-page">
      <p className="status-code">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button-primary" to={paths.home}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export { NotFoundPage as Component };

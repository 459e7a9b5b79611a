import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';

/** A page that failed to load or crashed: say so, and offer a way on, without losing the shell. */
export function RouteError() {
  const { t } = useT();
  return (
    <div className="container status-page" role="alert">
      <h1>{t('common.somethingWrong')}</h1>
      <p>{t('routeError.text')}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('routeError.retry')}
        </button>
        <Link className="button button-ghost" to={paths.home}>
          {t('nav.home')}
        </Link>
      </div>
    </div>
  );
}

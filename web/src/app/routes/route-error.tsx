import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** A page that failed to load or crashed: say so, and offer a way on, without losing the shell. */
export function RouteError() {
  return (
    <div className="container status-page" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Check your connection and try again.</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="button button-ghost" to={paths.home}>
          Home
        </Link>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  return (
    <div className="container status-page">
      <p className="status-code">404</p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button button-primary" to={paths.home}>
        Back to home
      </Link>
    </div>
  );
}

export { NotFoundPage as Component };

import { Outlet } from 'react-router-dom';
import { AdminShell } from '../../../features/admin/admin-shell';
import { useUser } from '../../../lib/auth';
import { useSessionToken } from '../../../lib/session';
import { NotFoundPage } from '../not-found';

/**
 * The operators' console, for admins only: a visitor or shopper gets the 404 page (the API
 * refuses them anyway), and nothing of the console shows while the user is still loading.
 */
export function AdminLayout() {
  const userToken = useSessionToken();
  const { data: userInfo, error } = useUser();
  if (!userToken || (userInfo ? userInfo.role !== 'admin' : error)) return <NotFoundPage />;
  if (!userInfo) return <div className="container page" role="status" aria-busy="true" aria-label="Loading" />;
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export { AdminLayout as Component };

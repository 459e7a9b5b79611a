import { Link, useParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminUser } from '../../../features/admin/users/api/get-user';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { UserDetail } from '../../../features/admin/users/components/user-detail';

/** One user: balance, ledger and Adjust. */
export function UserPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useAdminUser(id);
  return (
    <section className="admin-page">
      <div className="admin-head">
        <Link className="text-link" to={adminPaths.users()}>
          ← Users
        </Link>
      </div>
      {data ? (
        <UserDetail key={data.user_id} user={data} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the user" />
      ) : (
        <Loading label="Loading the user" />
      )}
    </section>
  );
}

export { UserPage as Component };

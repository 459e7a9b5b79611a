import { useNavigate, useSearchParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useUserSearch } from '../../../features/admin/users/api/find-users';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { UserSearchForm, UsersTable } from '../../../features/admin/users/components/user-search';

/** Find a user by exact email, mobile number or user id: ?q= */
export function UsersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.get('q')?.trim() ?? '';
  const { data, error, mutate } = useUserSearch(query);
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Users</h1>
      </div>
      <UserSearchForm key={query} query={query} onSearch={(next) => navigate(adminPaths.users(next))} />
      {!query ? (
        <p className="muted">Search for a user by their exact email, mobile number or user id.</p>
      ) : data ? (
        data.length > 0 ? (
          <UsersTable users={data} />
        ) : (
          <p className="empty-state">No user has the email, mobile number or id &ldquo;{query}&rdquo;.</p>
        )
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="users" />
      ) : (
        <Loading label="Searching" />
      )}
    </section>
  );
}

export { UsersPage as Component };

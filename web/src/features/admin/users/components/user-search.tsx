import type { AdminUserRow } from '@contract/admin-wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime, taka } from '../../../../lib/format';
import { AdminTable, type Column } from '../../kit/components/admin-table';

/** The search box: an exact email, mobile number or user id; the query goes to the URL. */
export function UserSearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(query);
  const [tried, setTried] = useState(false);
  const error = text.trim() ? undefined : 'Search for an email, a mobile number or a user id';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!error) onSearch(text.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the phones operators use; role=search is its equivalent.
    <form className="search-form" role="search" onSubmit={submit} noValidate>
      <label htmlFor="user-query" className="visually-hidden">
        Email, mobile number or user id
      </label>
      <input
        id="user-query"
        className={tried && error ? 'input is-invalid' : 'input'}
        type="search"
        placeholder="Email, mobile number or user id"
        value={text}
        maxLength={254}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button-primary">
        Search
      </button>
      {tried && error && <p className="field-error">{error}</p>}
    </form>
  );
}

const userColumns: Column<AdminUserRow>[] = [
  {
    header: 'Name',
    lead: true,
    cell: (user) => (
      <>
        <Link className="text-link" to={adminPaths.user(user.user_id)}>
          {user.name || 'No name'}
        </Link>
        {user.role === 'admin' && <span className="badge badge-info">Admin</span>}
        <small className="muted block mono">{user.user_id}</small>
      </>
    ),
  },
  { header: 'Email', cell: (user) => <span className="wrap">{user.email || '—'}</span> },
  { header: 'Mobile', cell: (user) => user.mobile_no || '—' },
  { header: 'Balance', cell: (user) => <strong className="amount">{taka(user.balance)}</strong> },
  { header: 'Joined', cell: (user) => dateTime(user.created_at) },
];

/** The users a search found, with their balances. */
export function UsersTable({ users }: { users: AdminUserRow[] }) {
  return <AdminTable rows={users} columns={userColumns} rowKey={(user) => user.user_id} />;
}

import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { UserInfo } from '@contract/wire';
import { EmailStatus } from './email-status';

/** The profile's base page: user ID, name, email, phone, and Edit Profile. */
export function ProfileOverview({ user }: { user: UserInfo }) {
  const rows: [string, string][] = [
    ['User ID', user.code],
    ['Name', user.name],
    ['Email', user.email],
    ['Phone', user.mobile_no],
  ];
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>Profile</h1>
        <Link to={paths.profileEdit} className="button button-ghost button-small">
          Edit Profile
        </Link>
      </div>
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {value}
              {label === 'Email' ? (
                <>
                  {' '}
                  <EmailStatus user={user} />
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { UserInfo } from '@contract/wire';
import { useT } from '../messages';
import { EmailStatus } from './email-status';
import { MobileStatus } from './mobile-status';

/** The profile's base page: user ID, name, email, phone, and Edit Profile. */
export function ProfileOverview({ user }: { user: UserInfo }) {
  const { t } = useT();
  const rows: [key: string, label: string, value: string][] = [
    ['code', t('auth.profile.userId'), user.code],
    ['name', t('auth.field.name'), user.name],
    ['email', t('auth.field.email'), user.email],
    ['phone', t('auth.profile.phone'), user.mobile_no],
  ];
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>{t('auth.profile.title')}</h1>
        <Link to={paths.profileEdit} className="button button-ghost button-small">
          {t('auth.profile.edit')}
        </Link>
      </div>
      <dl className="detail-list">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {value}
              {key === 'email' || key === 'phone' ? (
                <> {key === 'email' ? <EmailStatus user={user} /> : <MobileStatus user={user} />}</>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

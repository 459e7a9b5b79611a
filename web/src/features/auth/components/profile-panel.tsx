import { Link, NavLink, useNavigate } from 'react-router-dom';
import type { UserInfo } from '@contract/wire';
import { paths } from '../../../config/paths';
import { logOut } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useT } from '../messages';
import { Avatar } from './avatar';

/** The profile area's side panel: avatar, balance with Add Money, and the sections. */
export function ProfilePanel({ user }: { user: UserInfo }) {
  const { t, taka } = useT();
  const navigate = useNavigate();
  const logout = async () => {
    await logOut();
    toast.success(t('auth.logout.done'));
    navigate(paths.home);
  };
  return (
    <aside className="profile-panel">
      <div className="profile-card">
        <Avatar user={user} />
        <div>
          <p className="profile-name">{user.name}</p>
          <p className="profile-balance">
            {t('auth.panel.balance')} <strong>{taka(user.wallet_balance)}</strong>
          </p>
        </div>
        <Link to={paths.addMoney} className="button button-primary button-small">
          {t('auth.panel.addMoney')}
        </Link>
      </div>
      <nav className="profile-nav" aria-label={t('auth.panel.nav')}>
        <NavLink to={paths.profile} end>
          {t('auth.panel.profile')}
        </NavLink>
        <NavLink to={paths.profileWallet}>{t('auth.panel.wallet')}</NavLink>
        <NavLink to={paths.profileOrders}>{t('auth.panel.orders')}</NavLink>
        <NavLink to={paths.profileCodes}>{t('auth.panel.codes')}</NavLink>
        <NavLink to={paths.profileNotifications}>{t('auth.panel.notifications')}</NavLink>
        <NavLink to={paths.profileSecurity}>{t('auth.panel.security')}</NavLink>
        <button type="button" onClick={() => void logout()}>
          {t('auth.panel.logout')}
        </button>
      </nav>
    </aside>
  );
}

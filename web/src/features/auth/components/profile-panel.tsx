import { Link, NavLink, useNavigate } from 'react-router-dom';
import type { UserInfo } from '@contract/wire';
import { paths } from '../../../config/paths';
import { endSession } from '../../../lib/auth';
import { taka } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Avatar } from './avatar';

/** The profile area's side panel: avatar, balance with Add Money, and the sections. */
export function ProfilePanel({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const logout = () => {
    endSession();
    toast.success('Logout successfully');
    navigate(paths.home);
  };
  return (
    <aside className="profile-panel">
      <div className="profile-card">
        <Avatar user={user} />
        <div>
          <p className="profile-name">{user.name}</p>
          <p className="profile-balance">
            Balance <strong>{taka(user.wallet_balance)}</strong>
          </p>
        </div>
        <Link to={paths.addMoney} className="button button-primary button-small">
          Add Money
        </Link>
      </div>
      <nav className="profile-nav" aria-label="Account">
        <NavLink to={paths.profile} end>
          Profile
        </NavLink>
        <NavLink to={paths.profileWallet}>My Wallet</NavLink>
        <NavLink to={paths.profileOrders}>My Orders</NavLink>
        <NavLink to={paths.profileCodes}>My Codes</NavLink>
        <NavLink to={paths.profileNotifications}>Notifications</NavLink>
        <NavLink to={paths.profileSecurity}>Security</NavLink>
        <button type="button" onClick={logout}>
          Logout
        </button>
      </nav>
    </aside>
  );
}

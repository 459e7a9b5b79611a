import { NavLink } from 'react-router-dom';
import { CodesIcon, HomeIcon, LoginIcon, OrdersIcon, UserIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { useSessionToken } from '../../lib/session';

/** The phone's bottom bar: Home, Orders, Codes, and Login or Profile. */
export function BottomBar() {
  const userToken = useSessionToken();
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <NavLink to={paths.home} end>
        <HomeIcon />
        <span>Home</span>
      </NavLink>
      <NavLink to={paths.profileOrders}>
        <OrdersIcon />
        <span>Orders</span>
      </NavLink>
      <NavLink to={paths.profileCodes}>
        <CodesIcon />
        <span>Codes</span>
      </NavLink>
      {userToken ? (
        <NavLink to={paths.profile} end>
          <UserIcon />
          <span>Profile</span>
        </NavLink>
      ) : (
        <NavLink to={paths.login}>
          <LoginIcon />
          <span>Login</span>
        </NavLink>
      )}
    </nav>
  );
}

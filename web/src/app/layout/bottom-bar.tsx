import { NavLink } from 'react-router-dom';
import { CodesIcon, HomeIcon, LoginIcon, OrdersIcon, UserIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useSessionToken } from '../../lib/session';

/** The phone's bottom bar: Home, Orders, Codes, and Login or Profile. */
export function BottomBar() {
  const { t } = useT();
  const userToken = useSessionToken();
  return (
    <nav className="bottom-bar" aria-label={t('nav.quick')}>
      <NavLink to={paths.home} end>
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to={paths.profileOrders}>
        <OrdersIcon />
        <span>{t('nav.orders')}</span>
      </NavLink>
      <NavLink to={paths.profileCodes}>
        <CodesIcon />
        <span>{t('nav.codes')}</span>
      </NavLink>
      {userToken ? (
        <NavLink to={paths.profile} end>
          <UserIcon />
          <span>{t('nav.profile')}</span>
        </NavLink>
      ) : (
        <NavLink to={paths.login}>
          <LoginIcon />
          <span>{t('nav.login')}</span>
        </NavLink>
      )}
    </nav>
  );
}

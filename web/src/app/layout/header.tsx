import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { AppStoreIcon, ChatIcon, ChevronDownIcon, CloseIcon, MenuIcon, UserIcon, WalletIcon } from '../../components/icons';
import { categoryName, categoryPath, isConsolePath, paths } from '../../config/paths';
import { site } from '../../config/site';
import { useMasterCategories } from '../../features/catalog/api/get-master-categories';
import { useSiteSettings } from '../../features/content/api/get-site-settings';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { logOut, useUser } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { useSessionToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { LanguageSwitch } from './language-switch';

/** Hides the page's preloader once the header is on screen (spec §1). */
function useHidePreloader() {
  useEffect(() => {
    const preloader = document.getElementById('preloader');
    if (!preloader) return;
    preloader.classList.add('preloader-done');
    const removal = window.setTimeout(() => preloader.remove(), 400);
    return () => window.clearTimeout(removal);
  }, []);
}

/** Header: the strip with the messaging and app links and the language switch, the menus, and the account area. */
export function Header() {
  useHidePreloader();
  const { t } = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: the effect runs on every navigation.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  return (
    <header className="site-header">
      <div className="header-strip">
        <div className="container strip-inner">
          <span className="strip-text">{t('header.tagline')}</span>
          <div className="strip-end">
            <StripLinks />
            <LanguageSwitch className="language-switch" />
          </div>
        </div>
      </div>
      <div className="container header-main">
        <Link to={paths.home} className="brand" aria-label={t('common.brandHome', { name: site.name })}>
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span>{site.name}</span>
        </Link>
        <nav className={menuOpen ? 'main-nav open' : 'main-nav'} aria-label={t('header.mainNav')}>
          <NavLink to={paths.home} end>
            {t('nav.home')}
          </NavLink>
          <Menu label={t('header.categories')}>
            <Link to={paths.voucherCode}>{t('header.code')}</Link>
            <Link to={paths.playerIdTopup}>{t('nav.playerIdTopup')}</Link>
          </Menu>
          <GamesMenu />
          <NavLink to={paths.blogs}>{t('nav.blog')}</NavLink>
          <AdminLink className="nav-admin" />
          <LanguageSwitch className="nav-language" />
        </nav>
        <div className="header-actions">
          <AccountArea />
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}

/** The messaging-app and app-store links, as the site settings give them. */
function StripLinks() {
  const { t } = useT();
  const { data: settings } = useSiteSettings();
  return (
    <span className="strip-links">
      {settings?.messenger_link && (
        <a href={settings.messenger_link} target="_blank" rel="noopener noreferrer">
          <ChatIcon size={16} /> Messenger
        </a>
      )}
      {settings?.app_link && (
        <a href={settings.app_link} target="_blank" rel="noopener noreferrer">
          <AppStoreIcon size={16} /> {t('header.getApp')}
        </a>
      )}
    </span>
  );
}

function GamesMenu() {
  const { t } = useT();
  const { data: categories = [] } = useMasterCategories();
  return (
    <Menu label={t('header.games')}>
      {categories.map((category) => (
        <Link key={category.id} to={categoryPath(category)}>
          {categoryName(category.cname)}
        </Link>
      ))}
    </Menu>
  );
}

/** A dropdown that opens on click or hover and closes on outside click, Escape or navigation. */
function Menu({
  label,
  name,
  children,
  align = 'start',
}: {
  label: React.ReactNode;
  name?: string;
  children: React.ReactNode;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: the effect runs on every navigation.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className={`menu menu-${align}`} ref={ref}>
      <button
        type="button"
        className="menu-button"
        aria-label={name}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(!open)}
      >
        {label} <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div className="menu-panel" role="menu">
          {children}
        </div>
      )}
    </div>
  );
}

/** The way into the operators' console, for admins only. */
function AdminLink({ className }: { className?: string }) {
  const { t } = useT();
  const { data: userInfo } = useUser();
  return userInfo?.role === 'admin' ? (
    <NavLink className={className} to={paths.admin}>
      {t('header.admin')}
    </NavLink>
  ) : null;
}

function AccountArea() {
  const { t, taka, number } = useT();
  const userToken = useSessionToken();
  const { data: userInfo } = useUser();
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!userToken) {
    return (
      <div className="auth-buttons">
        <Link className="button button-ghost" to={paths.register}>
          {t('nav.register')}
        </Link>
        <Link className="button button-primary" to={paths.login}>
          {t('nav.login')}
        </Link>
      </div>
    );
  }
  const logout = async () => {
    await logOut();
    toast.success(t('header.loggedOut'));
    navigate(paths.home);
  };
  return (
    <div className="account-area">
      {!isConsolePath(pathname) && (
        <Link to={paths.addMoney} className="wallet-chip">
          <WalletIcon size={20} />
          <span className="visually-hidden">{t('header.walletChip')}</span>
          {userInfo && <span>{taka(userInfo.wallet_balance)}</span>}
        </Link>
      )}
      <Menu
        label={
          <>
            <UserIcon />
            {unread > 0 && (
              <span className="unread-badge" aria-hidden="true" data-testid="unread-badge">
                {unread > 99 ? `${number(99)}+` : number(unread)}
              </span>
            )}
          </>
        }
        name={unread > 0 ? t('header.accountMenuUnread', { count: unread }) : t('header.accountMenu')}
        align="end"
      >
        <Link to={paths.profile}>{t('nav.profile')}</Link>
        <Link to={paths.profileWallet}>{t('nav.wallet')}</Link>
        <Link to={paths.profileOrders}>{t('nav.orders')}</Link>
        <Link to={paths.profileCodes}>{t('nav.codes')}</Link>
        <Link to={paths.profileNotifications}>{t('nav.notifications')}</Link>
        <Link to={paths.profileSecurity}>{t('nav.security')}</Link>
        <AdminLink />
        <LanguageSwitch className="menu-language" />
        <button type="button" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
      </Menu>
    </div>
  );
}

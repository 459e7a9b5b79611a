import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { googlePlaceholderMobile } from '@contract/rules';
import { ShopClosedBanner } from '../../components/shop-closed-notice';
import { isConsolePath } from '../../config/paths';
import { useShopClosedMessage } from '../../features/content/api/get-shop-status';
import { isShopperStart, popupsToShow, useSiteSettings } from '../../features/content/api/get-site-settings';
import { useUser } from '../../lib/auth';
import { useSessionExpired } from '../../lib/session';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';

/** Every route change starts at the top of the page (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: the effect runs on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// The popups (and the HTML sanitiser they need) load only when there is a popup to show.
const SitePopups = lazy(() => import('../../features/content/components/site-popups').then((module) => ({ default: module.SitePopups })));
// So do the in-place sign-in after a 401 and the mobile-number prompt.
const SessionExpiredDialog = lazy(() =>
  import('../../features/auth/components/session-expired-dialog').then((module) => ({ default: module.SessionExpiredDialog })),
);
const MobileNumberPrompt = lazy(() =>
  import('../../features/auth/components/mobile-number-prompt').then((module) => ({ default: module.MobileNumberPrompt })),
);

/**
 * The promotional popups of the site settings (spec §2), only where a shopper starts (home, a
 * game, a voucher brand), each until this device closes that version of it.
 */
function Popups() {
  const { pathname, search } = useLocation();
  const { data: settings } = useSiteSettings();
  const popups = settings && isShopperStart(pathname, search) ? popupsToShow(settings) : [];
  if (popups.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SitePopups popups={popups} />
    </Suspense>
  );
}

/** A closed shop's message above everything, from the settings the first render already has (preloaded: no shift). */
function ShopState() {
  return <ShopClosedBanner message={useShopClosedMessage()} />;
}

/** What the signed-in user is asked for once (a Google account's real mobile number), and the sign-in after a session expired. */
function AccountPrompts() {
  const expired = useSessionExpired();
  const { data: user } = useUser();
  return (
    <Suspense fallback={null}>
      {expired && <SessionExpiredDialog />}
      {user?.mobile_no === googlePlaceholderMobile && <MobileNumberPrompt />}
    </Suspense>
  );
}

/**
 * The shell around every page: a skip link, the closed shop's banner, the header, the page, the
 * footer, the phone's bottom bar. The console (/admin) has its own bottom bar and no shop banner
 * or popups.
 */
export function Layout() {
  const { pathname } = useLocation();
  const onConsole = isConsolePath(pathname);
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <ScrollToTop />
      {!onConsole && <ShopState />}
      <Header />
      <main className="site-main" id="main-content" tabIndex={-1}>
        <AccountPrompts />
        <Outlet />
      </main>
      <Footer />
      {!onConsole && <BottomBar />}
      <Popups />
    </>
  );
}

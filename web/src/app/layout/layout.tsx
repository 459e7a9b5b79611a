import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { activePopups, popupsClosedThisSession, useSiteSettings } from '../../features/content/api/get-site-settings';
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
// So does the in-place sign-in after a 401.
const SessionExpiredDialog = lazy(() =>
  import('../../features/auth/components/session-expired-dialog').then((module) => ({ default: module.SessionExpiredDialog })),
);

/** The promotional popups of the site settings, shown once the app has started (spec §2). */
function Popups() {
  const { data: settings } = useSiteSettings();
  const popups = settings ? activePopups(settings) : [];
  if (popups.length === 0 || popupsClosedThisSession()) return null;
  return (
    <Suspense fallback={null}>
      <SitePopups popups={popups} />
    </Suspense>
  );
}

/** The sign-in after a session expired (a Google account's missing mobile number is asked in the order's confirm step). */
function AccountPrompts() {
  const expired = useSessionExpired();
  return <Suspense fallback={null}>{expired && <SessionExpiredDialog />}</Suspense>;
}

/** The shell around every page: a skip link, the header, the page, the footer, the phone's bottom bar. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main className="site-main" id="main-content" tabIndex={-1}>
        <AccountPrompts />
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
      <Popups />
    </>
  );
}

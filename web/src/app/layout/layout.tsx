import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ShopClosedBanner } from '../../components/shop-closed-notice';
import { isConsolePath } from '../../config/paths';
import { useShopClosedMessage } from '../../features/content/api/get-shop-status';
import { usePopupClosingsElsewhere, useSiteSettings } from '../../features/content/api/get-site-settings';
import { popupsAt } from '../../features/content/popup-rules';
import { loadSitePopups, loadedSitePopups } from '../../features/content/site-popups-chunk';
import { useT, withMessages } from '../../lib/i18n';
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

const LazySitePopups = lazy(() => loadSitePopups().then((SitePopups) => ({ default: SitePopups })));
// So does the in-place sign-in after a 401.
const SessionExpiredDialog = lazy(() =>
  import('../../features/auth/components/session-expired-dialog')
    .then(withMessages)
    .then((module) => ({ default: module.SessionExpiredDialog })),
);

/**
 * The promotional popups of the site settings (spec §2), only where a shopper starts (home, a
 * game, a voucher brand), each until this device closes that version of it.
 */
function Popups() {
  const { pathname, search } = useLocation();
  const { data: settings } = useSiteSettings();
  usePopupClosingsElsewhere();
  const popups = settings ? popupsAt(settings, pathname, search) : [];
  if (popups.length === 0) return null;
  // Usually in already: the settings' preload asks for the code as soon as they name a popup.
  const SitePopups = loadedSitePopups();
  if (SitePopups) return <SitePopups popups={popups} />;
  return (
    <Suspense fallback={null}>
      <LazySitePopups popups={popups} />
    </Suspense>
  );
}

/** A closed shop's message above everything, from the settings the first render already has (preloaded: no shift). */
function ShopState() {
  return <ShopClosedBanner message={useShopClosedMessage()} />;
}

/** The sign-in after a session expired (a Google account's missing mobile number is asked in the order's confirm step). */
function AccountPrompts() {
  const expired = useSessionExpired();
  return <Suspense fallback={null}>{expired && <SessionExpiredDialog />}</Suspense>;
}

/**
 * The shell around every page: a skip link, the closed shop's banner, the header, the page, the
 * footer, the phone's bottom bar. The console (/admin) has its own bottom bar and no shop banner
 * or popups.
 */
export function Layout() {
  const { t } = useT();
  const { pathname } = useLocation();
  // The tab's title and the page's description in the shop's language (index.html has the English).
  useEffect(() => {
    document.title = t('layout.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('layout.description'));
  }, [t]);
  const onConsole = isConsolePath(pathname);
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
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

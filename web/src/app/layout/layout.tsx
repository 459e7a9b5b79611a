import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { activePopups, popupsClosedThisSession, useSiteSettings } from '../../features/content/api/get-site-settings';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';

/** Every route change starts at the top of the page (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// The popups (and the HTML sanitiser they need) load only when there is a popup to show.
const SitePopups = lazy(() => import('../../features/content/components/site-popups').then((module) => ({ default: module.SitePopups })));

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

/** The shell around every page. */
export function Layout() {
  const navigation = useNavigation();
  return (
    <>
      <ScrollToTop />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Header />
      <main className="site-main">
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
      <Popups />
    </>
  );
}

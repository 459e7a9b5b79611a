import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
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
    </>
  );
}

import './admin.css';
import './admin-pages.css';
import './admin-editing.css';
import './admin-sections.css';
import { useEffect, useRef, useState } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { CodesIcon, MenuIcon, OrdersIcon, ShieldIcon, WalletIcon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { type AdminSection, adminSections } from './sections';

/**
 * The console's frame: the sections' nav (a side column on a laptop, a strip on a tablet) and
 * the section; on a phone, a bottom bar of its own instead of the strip.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a tablet the strip scrolls: keep the current section in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: the effect runs on every navigation.
  useEffect(() => {
    nav.current?.querySelector('.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="container admin-shell">
      <nav className="admin-nav" aria-label="Admin sections" ref={nav}>
        <p className="admin-nav-title">Admin</p>
        {adminSections.map((section) => (
          <NavLink key={section.label} to={section.to} end={section.end}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-content">{children}</div>
      <ConsoleBottomBar />
    </div>
  );
}

const phoneIcons: Record<string, React.ReactNode> = {
  Queue: <OrdersIcon />,
  Review: <ShieldIcon />,
  'Top-ups': <WalletIcon />,
  Codes: <CodesIcon />,
};

const pathOf = (to: string) => to.split('?')[0]!;

/** Whether the current path is in this section (its own path, or below it unless it ends there). */
const isIn = (section: AdminSection, pathname: string) =>
  matchPath({ path: pathOf(section.to), end: section.end ?? false }, pathname) !== null;

/** The phone's bottom bar of the console: Queue · Review · Top-ups · Codes · More, where More opens the other sections. */
function ConsoleBottomBar() {
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input: a chosen section closes the sheet.
  useEffect(() => {
    setMoreOpen(false);
  }, [pathname]);
  const barSections = adminSections.filter((section) => section.phone);
  const moreSections = adminSections.filter((section) => !section.phone);
  const inMore = moreSections.some((section) => isIn(section, pathname));
  return (
    <>
      <nav className="bottom-bar console-bottom-bar" aria-label="Console">
        {barSections.map((section) => (
          <NavLink key={section.label} to={section.to} end={section.end}>
            {phoneIcons[section.phone!]}
            <span>{section.phone}</span>
          </NavLink>
        ))}
        <button type="button" className={inMore ? 'active' : undefined} aria-haspopup="dialog" onClick={() => setMoreOpen(true)}>
          <MenuIcon />
          <span>More</span>
        </button>
      </nav>
      {moreOpen && (
        <Modal title="More sections" onClose={() => setMoreOpen(false)} className="console-more">
          <nav className="console-more-list" aria-label="More sections">
            {moreSections.map((section) => (
              <NavLink key={section.label} to={section.to} end={section.end} onClick={() => setMoreOpen(false)}>
                {section.label}
              </NavLink>
            ))}
          </nav>
        </Modal>
      )}
    </>
  );
}

import './admin.css';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { adminSections } from './sections';

/** The console's frame: the sections' nav (a side column on a laptop, a scrolling strip on a phone) and the section. */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the strip scrolls: keep the current section in view.
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
    </div>
  );
}

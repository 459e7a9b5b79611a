import { Link } from 'react-router-dom';

interface Tab {
  label: string;
  to: string;
  active: boolean;
}

/** A list's filter as links (the filter lives in the URL), the current one marked. */
export function FilterTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav className="admin-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className={tab.active ? 'active' : undefined} aria-current={tab.active ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

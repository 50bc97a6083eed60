import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export interface SubNavItem {
  to: string;
  label: string;
  /** matches only this exact path (the section's start page) */
  end?: boolean;
}

/** A module's sections as one row of tabs; on a phone the row scrolls sideways, the active tab scrolled into view. */
export function SubNav({ label, items }: { label: string; items: SubNavItem[] }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = ref.current?.querySelector<HTMLElement>('a.active');
    const nav = ref.current;
    if (active && nav) nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav className="subnav" aria-label={label} ref={ref}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

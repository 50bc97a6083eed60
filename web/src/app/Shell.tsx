import { Suspense, useEffect, type ReactNode } from 'react';
import type { Claims } from '@/api/claims';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { rememberRoute } from '@/api/last-route';
import { session } from '@/api/client';
import { Button, Skeleton } from '@/ui';
import { fullNav, moduleNav, type NavItem } from './nav';
import { LiveStatus } from './LiveStatus';
import { useSession } from '@/api/session-context';
import { OfflineBar } from './offline/OfflineBar';
import { Bell } from '@/features/notifications/components/Bell';
import { useTimeZoneFromBrowser } from '@/api/notification-settings';
import { useT } from '@/i18n';
import { useOnline } from './offline/status';
import { SearchBox } from '@/features/search/SearchBox';

/**
 * The signed-in frame: a header with every destination on wide screens; on phones the modules
 * sit in a bottom bar beside "Menu", which lists the rest.
 */
export function Shell() {
  const t = useT();
  const { claims } = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  useTimeZoneFromBrowser(claims?.userId ?? null);
  const location = useLocation();
  const userId = claims?.userId;
  // the page last used on this device, opened again after the next sign-in
  useEffect(() => {
    if (userId) rememberRoute(userId, location.pathname + location.search);
  }, [userId, location.pathname, location.search]);
  const signOut = async () => {
    await session.signOut();
    navigate('/sign-in?signed-out=1', { replace: true });
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          {t('app.name')}
        </NavLink>
        <SearchBox online={online} />
        <MainNav claims={claims} />
        <div className="topbar-user">
          <Bell />
          {/* the name starts with the visible text (WCAG 2.5.3, axe's label-content-name-mismatch) */}
          <NavLink to="/account" className="nickname">
            {claims?.nickname}
            <span className="visually-hidden"> {t('shell.yourAccount')}</span>
          </NavLink>
          <Button variant="secondary" className="topbar-signout" onClick={signOut}>
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      <OfflineBar />
      <LiveStatus />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Skeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <ModuleBar claims={claims} />
    </div>
  );
}

/** The phone's "Menu": every destination that is not in the bottom bar, and sign out. */
export function MenuPage() {
  const t = useT();
  const { claims } = useSession();
  const navigate = useNavigate();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('shell.menu')}</h1>
      <nav aria-label={t('shell.allPages')}>
        <ul className="menu-list">
          {fullNav(claims).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{t(item.label)}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/account/sessions">{t('shell.sessions')}</NavLink>
          </li>
        </ul>
      </nav>
      <Button
        variant="secondary"
        onClick={async () => {
          await session.signOut();
          navigate('/sign-in?signed-out=1', { replace: true });
        }}
      >
        {t('shell.signOut')}
      </Button>
    </section>
  );
}

/** A destination: the router's link, or a plain link that loads the app again (`plain`: outside the router). */
function Destination({ to, plain, children }: { to: string; plain?: boolean; children: ReactNode }) {
  return plain ? <a href={to}>{children}</a> : <NavLink to={to}>{children}</NavLink>;
}

/** Every destination, in the header on wide screens. */
export function MainNav({ claims, plain }: { claims: Claims | null; plain?: boolean }) {
  const t = useT();
  return (
    <nav aria-label={t('shell.mainNav')} className="topnav">
      <ul>
        {fullNav(claims).map((item) => (
          <li key={item.to}>
            <Destination to={item.to} plain={plain}>
              {t(item.label)}
            </Destination>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The phone's bottom bar: the group's modules and "Menu". */
export function ModuleBar({ claims, plain }: { claims: Claims | null; plain?: boolean }) {
  const t = useT();
  const menu: NavItem = { to: '/menu', label: 'shell.menu', icon: '≡' };
  return (
    <nav aria-label={t('shell.modulesNav')} className="bottombar">
      <ul>
        {[...moduleNav(claims), menu].map((item) => (
          <li key={item.to}>
            <Destination to={item.to} plain={plain}>
              <span aria-hidden="true" className="bottombar-icon">
                {item.icon}
              </span>
              {t(item.label)}
            </Destination>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { session } from '@/api/client';
import { Button, Skeleton } from '@/ui';
import { fullNav, moduleNav } from './nav';
import { SessionBanner } from './SessionBanner';
import { useSession } from './session-context';

/**
 * The signed-in frame: a header with every destination on wide screens; on phones the modules
 * sit in a bottom bar beside "Menu", which lists the rest.
 */
export function Shell() {
  const { claims } = useSession();
  const navigate = useNavigate();
  const signOut = async () => {
    await session.signOut();
    navigate('/sign-in', { replace: true });
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          Hearth
        </NavLink>
        <nav aria-label="Main" className="topnav">
          <ul>
            {fullNav(claims).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar-user">
          <NavLink to="/account" className="nickname" aria-label={`Your account (${claims?.nickname ?? ''})`}>
            {claims?.nickname}
          </NavLink>
          <Button variant="secondary" className="topbar-signout" onClick={signOut}>
            Sign out
          </Button>
        </div>
      </header>
      <SessionBanner />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Skeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <nav aria-label="Modules" className="bottombar">
        <ul>
          {moduleNav(claims).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>
                <span aria-hidden="true" className="bottombar-icon">
                  {item.icon}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/menu">
              <span aria-hidden="true" className="bottombar-icon">
                ≡
              </span>
              Menu
            </NavLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** The phone's "Menu": every destination that is not in the bottom bar, and sign out. */
export function MenuPage() {
  const { claims } = useSession();
  const navigate = useNavigate();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Menu</h1>
      <nav aria-label="All pages">
        <ul className="menu-list">
          {fullNav(claims).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/account/sessions">Sessions</NavLink>
          </li>
        </ul>
      </nav>
      <Button
        variant="secondary"
        onClick={async () => {
          await session.signOut();
          navigate('/sign-in', { replace: true });
        }}
      >
        Sign out
      </Button>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Module } from '@/api/claims';
import { EmptyState, Page } from '@/ui';
import { homePath } from './nav';
import { useSession } from '@/api/session-context';

/** Signed-in pages: without a session, to the sign-in page, coming back here afterwards. */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'signedIn') {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in, registration…: a signed-in person goes home instead. */
export function PublicOnly() {
  const { status, claims } = useSession();
  if (status === 'signedIn') return <Navigate to={homePath(claims)} replace />;
  return <Outlet />;
}

export function RequireModule({ module }: { module: Module }) {
  const { claims } = useSession();
  if (!claims?.modules.includes(module)) {
    return (
      <Page title={module}>
        <EmptyState title={`${module} is not enabled for your group`}>An administrator can turn it on in the group's settings.</EmptyState>
      </Page>
    );
  }
  return <Outlet />;
}

export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { claims } = useSession();
  if (claims?.role !== 'Admin') {
    return (
      <Page title="Administration">
        <EmptyState title="Only administrators can open this page" />
      </Page>
    );
  }
  return children ? <>{children}</> : <Outlet />;
}

export function Home() {
  const { claims } = useSession();
  return <Navigate to={homePath(claims)} replace />;
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MODULE_NAMES, type Module } from '@/api/claims';
import { EmptyState, Page } from '@/ui';
import { homePath } from './nav';
import { useSession } from '@/api/session-context';
import { useT } from '@/i18n';

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
  const t = useT();
  const { claims } = useSession();
  if (!claims?.modules.includes(module)) {
    const name = t(MODULE_NAMES[module]);
    return (
      <Page title={name}>
        <EmptyState title={t('module.disabled', { module: name })}>{t('module.disabledHint')}</EmptyState>
      </Page>
    );
  }
  return <Outlet />;
}

export function RequireAdmin({ children }: { children?: ReactNode }) {
  const t = useT();
  const { claims } = useSession();
  if (claims?.role !== 'Admin') {
    return (
      <Page title={t('admin.title')}>
        <EmptyState title={t('admin.only')} />
      </Page>
    );
  }
  return children ? <>{children}</> : <Outlet />;
}

export function Home() {
  const { claims } = useSession();
  return <Navigate to={homePath(claims)} replace />;
}

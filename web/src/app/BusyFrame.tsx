import { useEffect, useState } from 'react';
import type { Claims, Module } from '@/api/claims';
import { MODULES } from '@/api/claims';
import { formatWait } from '@/api/problem';
import { Button } from '@/ui';
import { MainNav, ModuleBar } from './Shell';
import { useT } from '@/i18n';

const NAV_KEY = 'hearth.nav';

/**
 * What the navigation showed last (the group's modules and the role, nothing secret), so that a
 * page refused at start-up (429) keeps the app's navigation although no token could be had.
 */
export function rememberNav(claims: Claims | null): void {
  try {
    if (claims) localStorage.setItem(NAV_KEY, JSON.stringify({ modules: claims.modules, role: claims.role }));
    else localStorage.removeItem(NAV_KEY);
  } catch {
    // storage disabled: the frame then shows the pages every member has
  }
}

function rememberedNav(): Claims | null {
  try {
    const saved = JSON.parse(localStorage.getItem(NAV_KEY) ?? 'null') as { modules?: unknown; role?: unknown } | null;
    if (!saved) return null;
    const modules = Array.isArray(saved.modules) ? (saved.modules.filter((m) => MODULES.includes(m as Module)) as Module[]) : [];
    return { modules, role: saved.role === 'Admin' ? 'Admin' : 'User' } as Claims;
  } catch {
    return null;
  }
}

/**
 * The page shown when signing this tab in was refused for too many requests (429 at start-up): the
 * app's frame and navigation (plain links: each loads the app again), how long to wait, a count
 * down, and a retry by itself when the wait is over.
 */
export function BusyFrame({ retryAfter, retry }: { retryAfter: number | null; retry: () => void }) {
  const t = useT();
  const claims = rememberedNav();
  const [left, setLeft] = useState(Math.max(1, retryAfter ?? 30));
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) retry();
  }, [left, retry]);
  return (
    <div className="shell">
      <header className="topbar">
        <a href="/" className="brand">
          {t('app.name')}
        </a>
        <MainNav claims={claims} plain />
      </header>
      <main id="main" tabIndex={-1}>
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{t('busy.title')}</h1>
          <div role="alert" className="load-error">
            <p>{t('busy.reason')}</p>
            <p aria-live="polite">{left > 0 ? t('busy.retryIn', { wait: formatWait(left) }) : t('busy.retrying')}</p>
            <Button variant="secondary" onClick={retry}>
              {t('busy.retryNow')}
            </Button>
          </div>
        </section>
      </main>
      <ModuleBar claims={claims} plain />
    </div>
  );
}

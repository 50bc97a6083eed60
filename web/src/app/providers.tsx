import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { session } from '@/api/client';
import { ProblemError } from '@/api/problem';
import { LoadError, Skeleton } from '@/ui';
import { AccountLocale } from './AccountLocale';
import { BusyFrame, rememberNav } from './BusyFrame';
import { OfflineBeforeSignIn } from './offline/OfflineBeforeSignIn';
import { live } from './live';
import { keepOnDevice, startOffline } from './offline/keeper';
import { updateReady } from './offline/status';
import { queryClient } from './query-client';
import { I18nProvider } from '@/i18n';
import { useSession } from '@/api/session-context';

/** Loaded after the first paint: the persister and its store (IndexedDB). */
const persistence = () => import('./offline/persist');

/** Server state (TanStack Query) and the session restored from the refresh cookie before anything renders. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <SessionGate>{children}</SessionGate>
      </QueryClientProvider>
    </I18nProvider>
  );
}

function SessionGate({ children }: { children: ReactNode }) {
  const { status, claims } = useSession();
  const [bootError, setBootError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setBootError(null);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (status !== 'unknown') rememberNav(status === 'signedIn' ? claims : null);
  }, [status, claims]);

  useEffect(() => {
    if (session.getSnapshot().status !== 'unknown') return;
    session.restore().catch(async (error: unknown) => {
      // no network: the person last signed in here goes on with what was kept; with no one kept,
      // the offline screen (its header, and what works once someone has signed in)
      if (!(error instanceof ProblemError)) {
        if (!(await startOffline(session, persistence))) setBootError(error);
        return;
      }
      // no service: the same, but with no one kept the outage is shown (and retried)
      const kept =
        error.status >= 500
          ? await persistence()
              .then((module) => module.lastUser())
              .catch(() => undefined)
          : undefined;
      if (kept) session.resumeOffline(kept.claims);
      else setBootError(error);
    });
  }, [attempt]);

  // the service worker (installable app, shell precached) after the first paint
  useEffect(() => {
    void import('./offline/service-worker').then((module) => module.registerServiceWorker(updateReady)).catch(() => undefined);
  }, []);

  // the signed-in person's data is kept on the device while their session lasts, and removed
  // (cache and queued changes) when it ends in any way (docs/offline.md)
  useEffect(() => keepOnDevice(session, queryClient, persistence).stop, []);

  // one live stream while signed in (shared by the tabs), none after
  useEffect(() => {
    if (status === 'signedIn') live.start();
    else if (status === 'signedOut') live.stop();
  }, [status]);

  if (status === 'unknown') {
    if (bootError instanceof ProblemError && bootError.status === 429) {
      return <BusyFrame key={attempt} retryAfter={bootError.retryAfter} retry={retry} />;
    }
    if (bootError && !(bootError instanceof ProblemError)) return <OfflineBeforeSignIn retry={retry} />;
    if (bootError) {
      return (
        <main className="boot">
          <LoadError error={bootError} retry={retry} />
        </main>
      );
    }
    return (
      <main className="boot">
        <Skeleton lines={3} />
      </main>
    );
  }
  return (
    <>
      {status === 'signedIn' ? <AccountLocale /> : null}
      {children}
    </>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { session } from '@/api/client';
import { ProblemError } from '@/api/problem';
import { LoadError, Skeleton } from '@/ui';
import { BusyFrame, rememberNav } from './BusyFrame';
import { live } from './live';
import { queryClient } from './query-client';
import { useSession } from '@/api/session-context';

/** Server state (TanStack Query) and the session restored from the refresh cookie before anything renders. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>{children}</SessionGate>
    </QueryClientProvider>
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
    session.restore().catch(setBootError);
  }, [attempt]);

  // when a session ends (here, in another tab, revoked elsewhere) its cached data goes with it;
  // only on that change: clearing at start-up would orphan the first page's queries
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'signedIn' && status === 'signedOut') queryClient.clear();
    previous.current = status;
  }, [status]);

  // one live stream while signed in (shared by the tabs), none after
  useEffect(() => {
    if (status === 'signedIn') live.start();
    else if (status === 'signedOut') live.stop();
  }, [status]);

  if (status === 'unknown') {
    if (bootError instanceof ProblemError && bootError.status === 429) {
      return <BusyFrame key={attempt} retryAfter={bootError.retryAfter} retry={retry} />;
    }
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
  return <>{children}</>;
}

import { useEffect, useState, type ReactNode } from 'react';
import { describeProblem } from '@/api/problem';
import { Button } from './Button';
import { useT } from '@/i18n';

interface PageProps {
  title: string;
  /** shown beside the heading (e.g. the page's main action) */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page: its <h1>, the document title, and its content. */
export function Page({ title, actions, children }: PageProps) {
  const t = useT();
  const documentTitle = t('page.documentTitle', { title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-head">
        <h1 id="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  /** a read under way (TanStack Query's; absent: never waited for) */
  isFetching?: boolean;
  refetch: () => unknown;
}

/**
 * True from the first render at which every query has data that is not being read again, and from
 * then on. A form takes its starting values once, when it mounts: data shown from the cache (kept
 * on the device, or read a while ago) while a newer copy is on its way must not be what it starts
 * from (a select cannot show a stored category or account missing from an older list, and its
 * required check then refuses the empty choice). No network: the kept data is all there is, and
 * counts as read (the read is paused, not under way). A later refresh does not hide the form again.
 */
export function useSettled(...queries: QueryLike<unknown>[]): boolean {
  const [settled, setSettled] = useState(false);
  const now = queries.every((query) => query.data !== undefined && !query.isFetching);
  if (now && !settled) setSettled(true);
  return settled || now;
}

interface LoadStateProps<T> {
  query: QueryLike<T>;
  /** true when the loaded data holds nothing to show */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** lines of the skeleton while loading */
  skeletonLines?: number;
  /** a form's starting values: wait for the read under way rather than start from cached data (`useSettled`) */
  fresh?: boolean;
  children: (data: T) => ReactNode;
}

/** The four states of a page's data: loading (skeleton), error (with retry), empty, content. */
export function LoadState<T>({ query, isEmpty, empty, skeletonLines = 4, fresh = false, children }: LoadStateProps<T>) {
  const settled = useSettled(query);
  if (query.isError) return <LoadError error={query.error} retry={() => query.refetch()} />;
  if (query.isPending || (fresh && !settled)) return <Skeleton lines={skeletonLines} />;
  const data = query.data as T;
  if (isEmpty?.(data) && empty) return <>{empty}</>;
  return <>{children(data)}</>;
}

export function Skeleton({ lines = 4 }: { lines?: number }) {
  const t = useT();
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="skeleton-line" />
      ))}
    </div>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <p>{describeProblem(error)}</p>
      {retry ? (
        <Button variant="secondary" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}

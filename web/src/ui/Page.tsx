import { useEffect, type ReactNode } from 'react';
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
  refetch: () => unknown;
}

interface LoadStateProps<T> {
  query: QueryLike<T>;
  /** true when the loaded data holds nothing to show */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** lines of the skeleton while loading */
  skeletonLines?: number;
  children: (data: T) => ReactNode;
}

/** The four states of a page's data: loading (skeleton), error (with retry), empty, content. */
export function LoadState<T>({ query, isEmpty, empty, skeletonLines = 4, children }: LoadStateProps<T>) {
  if (query.isPending) return <Skeleton lines={skeletonLines} />;
  if (query.isError) return <LoadError error={query.error} retry={() => query.refetch()} />;
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

import { Link, useRouteError } from 'react-router';
import { EmptyState, LoadError, Page } from '@/ui';
import { useT } from '@/i18n';

export function NotFound() {
  const t = useT();
  return (
    <Page title={t('notFound.title')}>
      <EmptyState title={t('notFound.empty')} action={<Link to="/">{t('notFound.home')}</Link>} />
    </Page>
  );
}

/** A route that failed to load (e.g. a chunk after a deploy): say so and offer a reload. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  return (
    <main className="boot">
      <h1>{t('routeError.title')}</h1>
      <LoadError error={error} retry={() => window.location.reload()} />
    </main>
  );
}

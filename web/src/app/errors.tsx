import { Link, useRouteError } from 'react-router';
import { EmptyState, LoadError, Page } from '@/ui';

export function NotFound() {
  return (
    <Page title="Page not found">
      <EmptyState title="There is no page at this address" action={<Link to="/">Go to the start page</Link>} />
    </Page>
  );
}

/** A route that failed to load (e.g. a chunk after a deploy): say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="boot">
      <h1>Something went wrong</h1>
      <LoadError error={error} retry={() => window.location.reload()} />
    </main>
  );
}

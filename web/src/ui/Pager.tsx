import { Button } from './Button';

/**
 * Previous / next through a paginated list, with where we are ("Page 2 of 7, 130 items"). A count
 * that stopped at its cap (`exact` false: a search over many rows) reads "of 50+" and leaves Next open.
 */
export function Pager({
  page,
  totalPages,
  totalItems,
  exact = true,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  exact?: boolean;
  onPage: (page: number) => void;
}) {
  const more = exact ? '' : '+';
  if (exact && totalPages <= 1) return <p className="muted pager-count">{totalItems === 1 ? '1 item' : `${totalItems} items`}</p>;
  return (
    <nav className="pager" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages}
        {more}{' '}
        <span className="muted">
          ({totalItems}
          {more} items)
        </span>
      </span>
      <Button variant="secondary" disabled={exact && page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

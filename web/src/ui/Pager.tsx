import { Button } from './Button';

/** Previous / next through a paginated list, with where we are ("Page 2 of 7, 130 items"). */
export function Pager({ page, totalPages, totalItems, onPage }: { page: number; totalPages: number; totalItems: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return <p className="muted pager-count">{totalItems === 1 ? '1 item' : `${totalItems} items`}</p>;
  return (
    <nav className="pager" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages} <span className="muted">({totalItems} items)</span>
      </span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

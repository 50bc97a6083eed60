import { Button } from './Button';
import { useT } from '@/i18n';

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
  const t = useT();
  const more = exact ? '' : '+';
  if (exact && totalPages <= 1) return <p className="muted pager-count">{t('pager.items', { count: totalItems })}</p>;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">
        {t('pager.position', { page, pages: `${totalPages}${more}` })} <span className="muted">{t('pager.itemsInBrackets', { count: totalItems, more })}</span>
      </span>
      <Button variant="secondary" disabled={exact && page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}

import { Button } from './Button';
import { useT } from '@/i18n';

/** "Previous page · Page 2 of 5 · Next page", shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previousPage')}
      </Button>
      <span>{t('pager.position', { page, pages: String(totalPages) })}</span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pager.nextPage')}
      </Button>
    </nav>
  );
}

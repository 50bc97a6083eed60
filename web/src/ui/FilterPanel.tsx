import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { useT } from '@/i18n';

/**
 * Filters folded behind a "Filters" button on phones (so the results come first) and always open
 * on wider screens. `active` counts the filters in use; with any, it starts open.
 */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(active > 0);
  return (
    <div className="filter-panel">
      <Button variant="secondary" className="filter-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {active ? t('filters.active', { count: active }) : t('filters.title')}
      </Button>
      <div id={id} className={`filter-body${open ? ' open' : ''}`}>
        {children}
      </div>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';

/**
 * Filters folded behind a "Filters" button on phones (so the results come first) and always open
 * on wider screens. `active` counts the filters in use; with any, it starts open.
 */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(active > 0);
  return (
    <div className="filter-panel">
      <Button variant="secondary" className="filter-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Filters{active ? ` (${active})` : ''}
      </Button>
      <div id={id} className={`filter-body${open ? ' open' : ''}`}>
        {children}
      </div>
    </div>
  );
}

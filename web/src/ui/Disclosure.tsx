import type { ReactNode } from 'react';
import './disclosure.css';

/**
 * The button of a section that folds: a chevron that turns when it opens and `aria-expanded`, so
 * both eyes and screen readers know it opens. The caller renders the panel (id `controls`) when open.
 */
export function Disclosure({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`disclosure${className ? ` ${className}` : ''}`} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <svg className="disclosure-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="disclosure-label">{children}</span>
    </button>
  );
}

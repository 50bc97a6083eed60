import { useEffect, useRef } from 'react';
import type { SummaryItem } from '@/api/form-errors';
import { useT } from '@/i18n';

/** "There is a problem": focused when it appears, each item links to its field. */
export function ErrorSummary({ items, title }: { items: SummaryItem[]; title?: string }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (items.length) ref.current?.focus();
  }, [items]);
  if (!items.length) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title ?? t('errorSummary.title')}</h2>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item.field ? <a href={`#${item.field}`}>{item.message}</a> : item.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A success or information banner (role=status, read out without stealing focus). */
export function Notice({ children, tone = 'info' }: { children: React.ReactNode; tone?: 'info' | 'success' | 'warning' }) {
  return (
    <div className={`notice notice-${tone}`} role="status">
      {children}
    </div>
  );
}

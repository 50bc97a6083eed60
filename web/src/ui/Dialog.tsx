import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '@/i18n';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal on the native <dialog>: focus is trapped, Escape closes, focus returns to the opener. */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  // each dialog's own heading id: a page with several (a list's rows) names each by its own title
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn btn-link dialog-close" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}

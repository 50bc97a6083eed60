import { useState, type ReactNode } from 'react';
import { describeProblem } from '@/api/problem';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Notice } from './ErrorSummary';
import { useT } from '@/i18n';

interface DangerActionProps {
  /** the button that opens the question, e.g. "Delete note" */
  label: string;
  /** the question, e.g. "Delete this note?" */
  question: string;
  /** the button that does it (defaults to `label`) */
  confirmLabel?: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  /** what will happen, in a sentence or two */
  children: ReactNode;
}

/** A destructive action behind a question: the red button, then a dialog to confirm or keep. */
export function DangerAction({ label, question, confirmLabel, busy, error, onConfirm, children }: DangerActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="actions danger-zone">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {label}
        </Button>
      </div>
      <Dialog open={open} title={question} onClose={() => setOpen(false)}>
        <p>{children}</p>
        {error ? <Notice tone="warning">{describeProblem(error)}</Notice> : null}
        <div className="actions">
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmLabel ?? label}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common.keepIt')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

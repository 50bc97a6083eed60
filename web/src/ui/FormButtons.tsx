import { Button } from './Button';

/** A form's submit button (busy while sending) and, for inline forms, Cancel. */
export function FormButtons({ submitLabel, busy, onCancel }: { submitLabel: string; busy: boolean; onCancel?: () => void }) {
  return (
    <div className="actions">
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

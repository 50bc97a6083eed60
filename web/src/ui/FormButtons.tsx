import { Button } from './Button';
import { useT } from '@/i18n';

/** A form's submit button (busy while sending) and, for inline forms, Cancel. */
export function FormButtons({ submitLabel, busy, onCancel }: { submitLabel: string; busy: boolean; onCancel?: () => void }) {
  const t = useT();
  return (
    <div className="actions">
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { live } from './live';
import { useT } from '@/i18n';

/** A small line when live updates are off: what others change shows only after a reload or later. */
export function LiveStatus() {
  const t = useT();
  const status = useSyncExternalStore(live.subscribe, live.getStatus);
  if (status !== 'off') return null;
  return (
    <div className="live-status" role="status">
      {t('live.off')}
    </div>
  );
}

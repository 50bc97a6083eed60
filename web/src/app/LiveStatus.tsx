import { useSyncExternalStore } from 'react';
import { live } from './live';

/** A small line when live updates are off: what others change shows only after a reload or later. */
export function LiveStatus() {
  const status = useSyncExternalStore(live.subscribe, live.getStatus);
  if (status !== 'off') return null;
  return (
    <div className="live-status" role="status">
      Live updates are off: reconnecting…
    </div>
  );
}

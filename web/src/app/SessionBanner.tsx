import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** A line under the header when the device is offline: nothing can be saved until it is back. */
export function SessionBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <div className="session-banner" role="status">
      You are offline. What you change now cannot be saved until the connection is back.
    </div>
  );
}

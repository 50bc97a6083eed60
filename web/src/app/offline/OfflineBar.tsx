import { useSyncExternalStore } from 'react';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/ui';
import { lastUpdated, useOnline, useUpdate } from './status';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Offline is visible: a bar says so and since when the data shown is, with the number of changes
 * waiting to be sent. Also offers a new version of the app once it is ready.
 */
export function OfflineBar() {
  const online = useOnline();
  const client = useQueryClient();
  const waiting = useMutationState({ filters: { status: 'pending' } }).length;
  const update = useUpdate();
  // follows the cache: what was kept on the device arrives a moment after the page
  const updated = useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => (online ? 0 : lastUpdated(client)),
  );
  return (
    <>
      {online ? null : (
        <div className="offline-bar" role="status">
          <strong>Offline</strong> — {updated ? `last updated ${time.format(updated)}` : 'nothing saved on this device yet'}
          {waiting ? ` · ${waiting === 1 ? '1 change' : `${waiting} changes`} waiting to be sent` : ''}
          <br />
          <small>Changes to notes are kept on this device and sent when you are back online; everything else needs the connection.</small>
        </div>
      )}
      {update ? (
        <div className="update-bar" role="status">
          A new version of Hearth is ready.{' '}
          <Button variant="secondary" onClick={update}>
            Reload
          </Button>
        </div>
      ) : null}
    </>
  );
}

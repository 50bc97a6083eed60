import { useSyncExternalStore } from 'react';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useLocale, useT } from '@/i18n';
import { Button } from '@/ui';
import { intlLocale } from '@/ui/format';
import { lastUpdated, useOnline, useUpdate } from './status';

/**
 * Offline is visible: a bar says so and since when the data shown is, with the number of changes
 * waiting to be sent. Also offers a new version of the app once it is ready.
 */
export function OfflineBar() {
  const t = useT();
  const locale = useLocale();
  const online = useOnline();
  const client = useQueryClient();
  const waiting = useMutationState({ filters: { status: 'pending' } }).length;
  const update = useUpdate();
  // follows the cache: what was kept on the device arrives a moment after the page
  const updated = useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => (online ? 0 : lastUpdated(client)),
  );
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      {online ? null : (
        <div className="offline-bar" role="status">
          <strong>{t('offline.bar.offline')}</strong> — {updated ? t('offline.bar.updated', { time: time.format(updated) }) : t('offline.bar.nothingSaved')}
          {waiting ? ` · ${t('offline.bar.waiting', { count: waiting })}` : ''}
          <br />
          <small>{t('offline.bar.hint')}</small>
        </div>
      )}
      {update ? (
        <div className="update-bar" role="status">
          {t('offline.update.ready')}{' '}
          <Button variant="secondary" onClick={update}>
            {t('offline.update.reload')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

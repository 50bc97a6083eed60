import { useT } from '@/i18n';
import { Button } from '@/ui';

/**
 * The installed app opened without a network before anyone signed in on this device: its header,
 * what is going on, and what will work offline once someone has signed in, instead of a bare error.
 */
export function OfflineBeforeSignIn({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div className="shell">
      <header className="topbar">
        <a href="/" className="brand">
          {t('app.name')}
        </a>
      </header>
      <main id="main" tabIndex={-1}>
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{typeof navigator !== 'undefined' && navigator.onLine === false ? t('offline.first.title') : t('offline.first.unreachable')}</h1>
          <div className="card stack">
            <p>{t('offline.first.why')}</p>
            <h2>{t('offline.first.laterTitle')}</h2>
            <ul>
              <li>{t('offline.first.notes')}</li>
              <li>{t('offline.first.seen')}</li>
              <li>{t('offline.first.online')}</li>
            </ul>
            <Button onClick={retry}>{t('offline.first.retry')}</Button>
          </div>
        </section>
      </main>
    </div>
  );
}

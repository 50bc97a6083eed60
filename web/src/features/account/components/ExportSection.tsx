import { MODULES } from '@/api/claims';
import { useSession } from '@/api/session-context';
import { useT, type MessageId } from '@/i18n';
import { DownloadButton } from '@/ui';
import { downloadExport } from '../api';

export function ExportSection() {
  const t = useT();
  const { claims } = useSession();
  const modules = MODULES.filter((module) => claims?.modules.includes(module));
  return (
    <section className="card" aria-labelledby="export-title">
      <h2 id="export-title">{t('account.export.title')}</h2>
      {modules.length ? (
        <>
          <p>{t('account.export.intro')}</p>
          <ul>
            {modules.map((module) => (
              <li key={module}>
                <strong>{t(`account.export.${module}` as MessageId)}</strong>: {t(`account.export.${module}.files` as MessageId)}
              </li>
            ))}
          </ul>
          {claims?.modules.includes('Notes') || claims?.modules.includes('Map') ? (
            <p className="muted">
              {claims.modules.includes('Notes') && claims.modules.includes('Map')
                ? t('account.export.notIncludedBoth')
                : claims.modules.includes('Notes')
                  ? t('account.export.notIncludedNotes')
                  : t('account.export.notIncludedMap')}
            </p>
          ) : null}
        </>
      ) : (
        <p>{t('account.export.empty')}</p>
      )}
      <DownloadButton variant="secondary" busyLabel={t('account.export.busy')} download={downloadExport}>
        {t('account.export.button')}
      </DownloadButton>
    </section>
  );
}

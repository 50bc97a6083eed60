import { useEffect, useState } from 'react';
import { ProblemError, describeProblem } from '@/api/problem';
import { Button, DateText, DownloadButton, EmptyState, LoadState, Notice, Table, formatBytes, type Column } from '@/ui';
import { downloadBackup, useBackups, useStartBackup, type Backup, type BackupList } from '../api';
import { useLocale, useT, type Translate } from '@/i18n';

/** how often the list is re-read while a started backup has not appeared yet, and for how long */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 15 * 60_000;

const columns = (t: Translate): Column<Backup>[] => [
  { header: t('admin.backups.made'), cell: (backup) => <DateText value={backup.createdAt} withTime /> },
  { header: t('admin.backups.size'), cell: (backup) => formatBytes(backup.sizeBytes) },
  {
    header: t('admin.backups.contents'),
    cell: (backup) => {
      const rows = Object.values(backup.tables).reduce((sum, count) => sum + count, 0);
      return t('admin.backups.rowsAndFiles', { rows, files: backup.objects });
    },
  },
  {
    header: t('admin.backups.archive'),
    cell: (backup) => (
      <DownloadButton
        variant="secondary"
        download={(onProgress) => downloadBackup(backup.name, onProgress)}
        aria-label={t('admin.backups.downloadOne', { name: backup.name })}
      >
        {t('admin.backups.download')}
      </DownloadButton>
    ),
  },
];

/** A backup we wait for: the one started here (its name), or, after a 409, the one already running. */
interface Waiting {
  name: string | null;
  /** the archives listed when we started waiting: a name not among them is the new one */
  known: string[];
  /** the failure reported when we started waiting (its time): another one is the failure of this run */
  knownError: string | null;
  since: number;
}

/** The failure of the last run, as the page states it. */
function failureText(t: Translate, locale: string, error: NonNullable<BackupList['lastError']>): string {
  return t('admin.backups.failed', { at: new Date(error.at).toLocaleString(locale), message: error.message });
}

export function BackupsTab() {
  const t = useT();
  const locale = useLocale();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning'; text: string } | null>(null);
  const backups = useBackups(waiting ? POLL_MS : false);
  const start = useStartBackup();
  const startBackup = () => {
    setNotice(null);
    // what the list holds as the backup starts: an archive or a failure not among these is this run's
    const known = {
      known: (backups.data?.items ?? []).map((backup) => backup.name),
      knownError: backups.data?.lastError?.at ?? null,
      since: Date.now(),
    };
    start.mutate(undefined, {
      onSuccess: ({ name }) => setWaiting({ name, ...known }),
      onError: (error) => {
        // the running one will appear in the list: follow it as if it were ours
        if (error instanceof ProblemError && error.code === 'BACKUP_IN_PROGRESS') setWaiting({ name: null, ...known });
      },
    });
  };

  useEffect(() => {
    if (!waiting || !backups.data) return;
    const { items, lastError } = backups.data;
    const done = items.find((backup) => (waiting.name ? backup.name === waiting.name : !waiting.known.includes(backup.name)));
    if (done) {
      setWaiting(null);
      setNotice({ tone: 'success', text: t('admin.backups.ready', { name: done.name }) });
    } else if (lastError && lastError.at !== waiting.knownError) {
      // the run we waited for failed: stop waiting and say why (the failure notice below)
      setWaiting(null);
    } else if (Date.now() - waiting.since > POLL_LIMIT_MS) {
      setWaiting(null);
      setNotice({
        tone: 'warning',
        text: t('admin.backups.late'),
      });
    }
  }, [backups.data, waiting, t]);

  const refusal =
    start.error instanceof ProblemError && start.error.code === 'BACKUP_IN_PROGRESS'
      ? t('admin.backups.inProgress')
      : start.error
        ? describeProblem(start.error)
        : null;

  return (
    <>
      <p>{t('admin.backups.intro')}</p>
      <div className="actions">
        <Button busy={start.isPending || waiting != null} onClick={startBackup}>
          {t('admin.backups.start')}
        </Button>
      </div>
      <div aria-live="polite">
        {waiting ? <Notice>{waiting.name ? t('admin.backups.running', { name: waiting.name }) : t('admin.backups.runningOther')}</Notice> : null}
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        {backups.data?.lastError && !waiting ? <Notice tone="warning">{failureText(t, locale, backups.data.lastError)}</Notice> : null}
      </div>
      {refusal && !notice ? (
        <p className="field-message" role="alert">
          {refusal}
        </p>
      ) : null}
      <LoadState
        query={backups}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('admin.backups.empty')}>{t('admin.backups.emptyHint')}</EmptyState>}
      >
        {(data) => <Table caption={t('admin.backups.caption')} columns={columns(t)} rows={data.items} rowKey={(backup) => backup.name} />}
      </LoadState>
    </>
  );
}

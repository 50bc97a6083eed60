import { useEffect, useState } from 'react';
import { ProblemError, describeProblem } from '@/api/problem';
import { Button, DateText, DownloadButton, EmptyState, LoadState, Notice, Table, formatBytes, type Column } from '@/ui';
import { downloadBackup, useBackups, useStartBackup, type Backup, type BackupList } from '../api';

/** how often the list is re-read while a started backup has not appeared yet, and for how long */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 15 * 60_000;

const COLUMNS: Column<Backup>[] = [
  { header: 'Made', cell: (backup) => <DateText value={backup.createdAt} withTime /> },
  { header: 'Size', cell: (backup) => formatBytes(backup.sizeBytes) },
  {
    header: 'Contents',
    cell: (backup) => {
      const rows = Object.values(backup.tables).reduce((sum, count) => sum + count, 0);
      return `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}, ${backup.objects.toLocaleString()} ${backup.objects === 1 ? 'file' : 'files'}`;
    },
  },
  {
    header: 'Archive',
    cell: (backup) => (
      <DownloadButton variant="secondary" download={(onProgress) => downloadBackup(backup.name, onProgress)} aria-label={`Download ${backup.name}`}>
        Download
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
function failureText(error: NonNullable<BackupList['lastError']>): string {
  return `The last backup failed (${new Date(error.at).toLocaleString()}): ${error.message}`;
}

const IN_PROGRESS = 'A backup is already running. Wait for it to finish: it will appear in the list below.';

export function BackupsTab() {
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
      setNotice({ tone: 'success', text: `The backup ${done.name} is ready.` });
    } else if (lastError && lastError.at !== waiting.knownError) {
      // the run we waited for failed: stop waiting and say why (the failure notice below)
      setWaiting(null);
    } else if (Date.now() - waiting.since > POLL_LIMIT_MS) {
      setWaiting(null);
      setNotice({
        tone: 'warning',
        text: 'The backup has not appeared in the list yet. It may still be running, or it may have failed (the service’s log says why): reload this page later.',
      });
    }
  }, [backups.data, waiting]);

  const refusal =
    start.error instanceof ProblemError && start.error.code === 'BACKUP_IN_PROGRESS' ? IN_PROGRESS : start.error ? describeProblem(start.error) : null;

  return (
    <>
      <p>
        A backup is one file holding every table and every stored picture, from which the whole service can be restored.
        They are kept in the service’s backup folder; download one to keep a copy somewhere else.
      </p>
      <div className="actions">
        <Button busy={start.isPending || waiting != null} onClick={startBackup}>
          Start a backup
        </Button>
      </div>
      <div aria-live="polite">
        {waiting ? <Notice>Backing up… {waiting.name ?? 'The backup'} will appear in the list when it is complete.</Notice> : null}
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        {backups.data?.lastError && !waiting ? <Notice tone="warning">{failureText(backups.data.lastError)}</Notice> : null}
      </div>
      {refusal && !notice ? (
        <p className="field-message" role="alert">
          {refusal}
        </p>
      ) : null}
      <LoadState
        query={backups}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="No backups yet">Start one now, or wait for the daily scheduled backup.</EmptyState>}
      >
        {(data) => <Table caption="Backups, newest first" columns={COLUMNS} rows={data.items} rowKey={(backup) => backup.name} />}
      </LoadState>
    </>
  );
}

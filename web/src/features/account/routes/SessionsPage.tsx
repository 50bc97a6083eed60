import { useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '@/api/client';
import { describeProblem } from '@/api/problem';
import { useT, type Translate } from '@/i18n';
import { Button, DateText, describeUserAgent, ErrorSummary, LoadState, Notice, Page } from '@/ui';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type SessionRow } from '../api';

function deviceLabel(row: SessionRow, t: Translate): string {
  return row.deviceName || (row.userAgent ? describeUserAgent(row.userAgent) : t('sessions.unknownDevice'));
}

export default function SessionsPage() {
  const t = useT();
  const sessions = useSessions();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const onError = (error: unknown) => setProblem(describeProblem(error));

  return (
    <Page title={t('sessions.title')}>
      <p className="muted">{t('sessions.intro')}</p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <ErrorSummary items={problem ? [{ message: problem }] : []} />
      <LoadState query={sessions}>
        {(rows) => (
          <>
            <ul className="session-list">
              {rows.map((row) => (
                <li key={row.id} className="card session">
                  <h2 className="session-name">
                    {deviceLabel(row, t)} {row.isCurrent ? <span className="tag">{t('sessions.thisDevice')}</span> : null}
                  </h2>
                  <dl className="facts">
                    {row.deviceName && row.userAgent && describeUserAgent(row.userAgent) !== row.deviceName ? (
                      <>
                        <dt>{t('sessions.browser')}</dt>
                        <dd title={row.userAgent}>{describeUserAgent(row.userAgent)}</dd>
                      </>
                    ) : null}
                    <dt>{t('sessions.lastUsed')}</dt>
                    <dd>
                      <DateText value={row.lastUsedDate} withTime />
                    </dd>
                    <dt>{t('sessions.signedIn')}</dt>
                    <dd>
                      <DateText value={row.createdDate} withTime />
                      {row.signedInWith ? <> · {t('sessions.signedInWith', { provider: row.signedInWith })}</> : null}
                    </dd>
                    {row.ipAddress ? (
                      <>
                        <dt>{t('sessions.ip')}</dt>
                        <dd>{row.ipAddress}</dd>
                      </>
                    ) : null}
                  </dl>
                  {row.isCurrent ? (
                    <Button
                      variant="secondary"
                      onClick={async () => {
                        await session.signOut();
                        navigate('/sign-in', { replace: true });
                      }}
                    >
                      {t('sessions.signOutThis')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={t('sessions.signOutNamed', { device: deviceLabel(row, t) })}
                      busy={revoke.isPending && revoke.variables?.id === row.id}
                      onClick={() => {
                        setProblem(null);
                        revoke.mutate(row, { onSuccess: () => setNotice(t('sessions.signedOut', { device: deviceLabel(row, t) })), onError });
                      }}
                    >
                      {t('sessions.signOut')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {rows.some((row) => !row.isCurrent) ? (
              <Button
                variant="danger"
                busy={revokeOthers.isPending}
                onClick={() => {
                  setProblem(null);
                  revokeOthers.mutate(undefined, { onSuccess: () => setNotice(t('sessions.othersSignedOut')), onError });
                }}
              >
                {t('sessions.signOutOthers')}
              </Button>
            ) : null}
          </>
        )}
      </LoadState>
    </Page>
  );
}

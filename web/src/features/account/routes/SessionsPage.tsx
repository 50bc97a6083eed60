import { useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '@/api/client';
import { describeProblem } from '@/api/problem';
import { Button, DateText, describeUserAgent, ErrorSummary, LoadState, Notice, Page } from '@/ui';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type SessionRow } from '../api';

function deviceLabel(row: SessionRow): string {
  return row.deviceName || (row.userAgent ? describeUserAgent(row.userAgent) : 'Unknown device');
}

export default function SessionsPage() {
  const sessions = useSessions();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const onError = (error: unknown) => setProblem(describeProblem(error));

  return (
    <Page title="Signed-in devices">
      <p className="muted">Sign out a device you no longer use or do not recognise.</p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <ErrorSummary items={problem ? [{ message: problem }] : []} />
      <LoadState query={sessions}>
        {(rows) => (
          <>
            <ul className="session-list">
              {rows.map((row) => (
                <li key={row.id} className="card session">
                  <h2 className="session-name">
                    {deviceLabel(row)} {row.isCurrent ? <span className="tag">This device</span> : null}
                  </h2>
                  <dl className="facts">
                    {row.deviceName && row.userAgent && describeUserAgent(row.userAgent) !== row.deviceName ? (
                      <>
                        <dt>Browser</dt>
                        <dd title={row.userAgent}>{describeUserAgent(row.userAgent)}</dd>
                      </>
                    ) : null}
                    <dt>Last used</dt>
                    <dd>
                      <DateText value={row.lastUsedDate} withTime />
                    </dd>
                    <dt>Signed in</dt>
                    <dd>
                      <DateText value={row.createdDate} withTime />
                    </dd>
                    {row.ipAddress ? (
                      <>
                        <dt>IP address</dt>
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
                      Sign out of this device
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={`Sign out ${deviceLabel(row)}`}
                      busy={revoke.isPending && revoke.variables?.id === row.id}
                      onClick={() => {
                        setProblem(null);
                        revoke.mutate(row, { onSuccess: () => setNotice(`${deviceLabel(row)} has been signed out.`), onError });
                      }}
                    >
                      Sign out
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
                  revokeOthers.mutate(undefined, { onSuccess: () => setNotice('Every other device has been signed out.'), onError });
                }}
              >
                Sign out all other devices
              </Button>
            ) : null}
          </>
        )}
      </LoadState>
    </Page>
  );
}

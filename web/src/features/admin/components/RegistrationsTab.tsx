import { useState } from 'react';
import { Link } from 'react-router';
import { describeProblem } from '@/api/problem';
import { Button, DateText, EmptyState, LoadState, Notice, SelectField } from '@/ui';
import { useGroups, useSetUserStatus, useUsers, type AdminUser, type Group } from '../api';
import { GroupOptions } from './GroupOptions';
import { useT } from '@/i18n';

function Registration({ user, groups, onDone }: { user: AdminUser; groups: Group[]; onDone: (message: string) => void }) {
  const t = useT();
  const [groupId, setGroupId] = useState(user.groupId ?? (groups.length === 1 ? groups[0].id : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const setStatus = useSetUserStatus();
  // once the list is read again this registration is gone from it: the page says what happened
  const decide = (status: 'Active' | 'Declined') =>
    setStatus.mutateAsync(status === 'Active' ? { userId: user.id, status, groupId: groupId || undefined } : { userId: user.id, status }).then(
      () => onDone(status === 'Active' ? t('admin.registration.approved', { name: user.nickname }) : t('admin.registration.declined', { name: user.nickname })),
      (error) => setProblem(describeProblem(error)),
    );
  const groupField = `group-${user.id}`;
  return (
    <li className="card">
      <h2 className="session-name">
        {user.nickname} <span className="muted">({user.username})</span>
      </h2>
      <dl className="facts">
        <dt>{t('admin.email')}</dt>
        <dd>
          {user.email} {user.emailStatus === 'Confirmed' ? null : <span className="tag">{t('admin.notConfirmed')}</span>}
        </dd>
        <dt>{t('admin.registered')}</dt>
        <dd>
          <DateText value={user.createdDate} withTime />
        </dd>
      </dl>
      <SelectField
        label={t('admin.registration.group', { name: user.nickname })}
        id={groupField}
        value={groupId}
        onChange={(event) => setGroupId(event.target.value)}
        error={problem ?? undefined}
      >
        <GroupOptions groups={groups} />
      </SelectField>
      <div className="actions">
        <Button
          busy={setStatus.isPending && setStatus.variables.status === 'Active'}
          onClick={() => {
            setProblem(null);
            if (!groupId) return setProblem(t('admin.registration.groupRequired'));
            decide('Active');
          }}
        >
          {t('admin.registration.approve', { name: user.nickname })}
        </Button>
        <Button variant="secondary" busy={setStatus.isPending && setStatus.variables.status === 'Declined'} onClick={() => decide('Declined')}>
          {t('admin.registration.decline')}
        </Button>
      </div>
    </li>
  );
}

export function RegistrationsTab() {
  const t = useT();
  const pending = useUsers({ status: 'Pending', pageSize: 100, page: 1 });
  const groups = useGroups();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadState
        query={pending}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('admin.registrations.empty')}>{t('admin.registrations.emptyHint')}</EmptyState>}
      >
        {(data) =>
          groups.data && groups.data.length === 0 ? (
            <EmptyState title={t('admin.registrations.noGroup')} action={<Link to="/admin/groups">{t('admin.registrations.goToGroups')}</Link>}>
              {t('admin.registrations.noGroupHint')}
            </EmptyState>
          ) : (
            <ul className="session-list">
              {data.items.map((user) => (
                <Registration key={user.id} user={user} groups={groups.data ?? []} onDone={setNotice} />
              ))}
            </ul>
          )
        }
      </LoadState>
    </>
  );
}

import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { useT } from '@/i18n';
import { EmptyState, LoadState, Page } from '@/ui';

export default function MembersPage() {
  const t = useT();
  const { claims } = useSession();
  const members = useGroupMembers();
  return (
    <Page title={t('members.title')}>
      <LoadState
        query={members}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('members.empty.title')}>{t('members.empty.hint')}</EmptyState>}
      >
        {(rows) => (
          <ul className="member-list">
            {rows.map((member) => (
              <li key={member.id} className="card member">
                {member.pictureUrl ? (
                  <img className="avatar" src={member.pictureUrl} alt="" />
                ) : (
                  <span className="avatar avatar-empty" aria-hidden="true">
                    {member.nickname.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <span className="member-name">
                  {member.nickname}
                  {member.id === claims?.userId ? <span className="muted"> {t('members.you')}</span> : null}
                </span>
                {member.role === 'Admin' ? <span className="tag">{t('members.admin')}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}

import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { EmptyState, LoadState, Page } from '@/ui';

export default function MembersPage() {
  const { claims } = useSession();
  const members = useGroupMembers();
  return (
    <Page title="Members">
      <LoadState
        query={members}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="Nobody is in your group yet">An administrator adds members and approves registrations.</EmptyState>}
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
                  {member.id === claims?.userId ? <span className="muted"> (you)</span> : null}
                </span>
                {member.role === 'Admin' ? <span className="tag">Admin</span> : null}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}

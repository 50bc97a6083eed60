import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { Button, Dialog, EmptyState, Field, LoadState, Notice, Pagination, SelectField, Table } from '@/ui';
import { CreateMemberDialog } from './CreateMemberDialog';
import { STATUS_ACTION, STATUS_MOVES, useGroups, useSetUserGroup, useSetUserRole, useSetUserStatus, useUsers, type AdminUser, type Group, type UserStatus } from '../api';

const STATUSES: UserStatus[] = ['Pending', 'Active', 'Declined', 'Deactivated'];

/** One setting of a user (status, role or group): a select and its own Save, with the API's answer beside it. */
function Setting({ label, id, value, options, onSave }: { label: string; id: string; value: string; options: { value: string; label: string }[]; onSave: (value: string) => Promise<unknown> }) {
  const [choice, setChoice] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="setting"
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        setBusy(true);
        try {
          await onSave(choice);
        } catch (error) {
          setProblem(describeProblem(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <SelectField label={label} id={id} value={choice} onChange={(event) => setChoice(event.target.value)} error={problem ?? undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" busy={busy} disabled={choice === value}>
        Save {label.toLowerCase()}
      </Button>
    </form>
  );
}

function ManageUser({ user, groups, onClose, onSaved }: { user: AdminUser; groups: Group[]; onClose: () => void; onSaved: (message: string) => void }) {
  const setStatus = useSetUserStatus();
  const setRole = useSetUserRole();
  const setGroup = useSetUserGroup();
  const userId = user.id;
  const done = (message: string) => {
    onSaved(message);
    onClose();
  };
  return (
    <Dialog open title={`Manage ${user.nickname}`} onClose={onClose}>
      <p className="muted">
        {user.username} · {user.email}
      </p>
      <Setting
        label="Status"
        id="user-status"
        value={user.status}
        options={[user.status, ...STATUS_MOVES[user.status]].map((status) => ({ value: status, label: status === user.status ? status : `${STATUS_ACTION[status]} (${status})` }))}
        onSave={async (status) => {
          await setStatus.mutateAsync({ userId, status: status as UserStatus });
          done(`${user.nickname} is now ${status}.`);
        }}
      />
      <Setting
        label="Role"
        id="user-role"
        value={user.role}
        options={[
          { value: 'User', label: 'Member' },
          { value: 'Admin', label: 'Administrator' },
        ]}
        onSave={async (role) => {
          await setRole.mutateAsync({ userId, role: role as AdminUser['role'] });
          done(`${user.nickname}'s role has been changed.`);
        }}
      />
      <Setting
        label="Group"
        id="user-group"
        value={user.groupId ?? ''}
        options={[...(user.groupId ? [] : [{ value: '', label: 'No group' }]), ...groups.map((group) => ({ value: group.id, label: group.name }))]}
        onSave={async (groupId) => {
          await setGroup.mutateAsync({ userId, groupId });
          done(`${user.nickname} has been moved to ${groups.find((group) => group.id === groupId)?.name ?? 'the group'}.`);
        }}
      />
    </Dialog>
  );
}

export function UsersTab() {
  const { claims } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { search: params.get('search') || undefined, status: (params.get('status') || undefined) as UserStatus | undefined, page, pageSize: 20 };
  const users = useUsers(query);
  const groups = useGroups();
  const [managing, setManaging] = useState<AdminUser | null>(null);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const groupName = (id: string | null) => groups.data?.find((group) => group.id === id)?.name ?? '—';

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['search', 'status']) if (data.get(name)) next.set(name, String(data.get(name)));
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };

  return (
    <>
      <div className="actions">
        <Button onClick={() => setAdding(true)}>Add a member</Button>
      </div>
      <form className="filters" onSubmit={search} key={params.toString()} aria-label="Find users">
        <Field label="Username, name or email" name="search" type="search" defaultValue={query.search ?? ''} />
        <SelectField label="Status" name="status" defaultValue={query.status ?? ''}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </SelectField>
        <div className="actions">
          <Button type="submit">Find</Button>
        </div>
      </form>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadState query={users} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title="No users match" />}>
        {(data) => (
          <>
            <Table
              caption="Users"
              rows={data.items}
              rowKey={(row) => row.id}
              columns={[
                { header: 'Name', cell: (row) => `${row.nickname} (${row.username})` },
                { header: 'Email', cell: (row) => row.email },
                { header: 'Status', cell: (row) => row.status },
                { header: 'Role', cell: (row) => (row.role === 'Admin' ? 'Administrator' : 'Member') },
                { header: 'Group', cell: (row) => groupName(row.groupId) },
                {
                  header: 'Actions',
                  className: 'table-actions',
                  cell: (row) =>
                    row.id === claims?.userId ? (
                      <span className="muted">This is you</span>
                    ) : (
                      <Button variant="secondary" aria-label={`Manage ${row.nickname}`} onClick={() => setManaging(row)}>
                        Manage
                      </Button>
                    ),
                },
              ]}
            />
            <Pagination page={data.page} totalPages={data.totalPages} onPage={goTo} />
          </>
        )}
      </LoadState>
      {adding ? <CreateMemberDialog groups={groups.data ?? []} onClose={() => setAdding(false)} /> : null}
      {managing ? <ManageUser user={managing} groups={groups.data ?? []} onClose={() => setManaging(null)} onSaved={setNotice} /> : null}
    </>
  );
}

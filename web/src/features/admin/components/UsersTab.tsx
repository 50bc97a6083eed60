import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { Button, DateText, Dialog, EmptyState, ErrorSummary, Field, LoadState, Notice, Pagination, SelectField, Table } from '@/ui';
import { CreateMemberDialog } from './CreateMemberDialog';
import { PasswordLink } from './PasswordLink';
import {
  STATUS_ACTION,
  STATUS_MOVES,
  STATUS_NAME,
  useGroups,
  useNewPasswordLink,
  useSetUserGroup,
  useSetUserRole,
  useSetUserStatus,
  useUsers,
  type AdminUser,
  type Group,
  type UserStatus,
} from '../api';
import { Message, useT } from '@/i18n';

const STATUSES: UserStatus[] = ['Pending', 'Active', 'Declined', 'Deactivated'];

/** One setting of a user (status, role or group): a select and its own Save, with the API's answer beside it. */
function Setting({
  label,
  saveLabel,
  id,
  value,
  options,
  onSave,
}: {
  label: string;
  saveLabel: string;
  id: string;
  value: string;
  options: { value: string; label: string }[];
  onSave: (value: string) => Promise<unknown>;
}) {
  const { register, handleSubmit, watch, setError, formState } = useForm({ defaultValues: { choice: value } });
  const choice = watch('choice');
  return (
    <form
      className="setting"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSave(values.choice);
        } catch (error) {
          // the API's answer beside the select, in the app's words
          setError('choice', { message: describeProblem(error) });
        }
      })}
    >
      <SelectField label={label} id={id} error={formState.errors.choice?.message} {...register('choice')}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" busy={formState.isSubmitting} disabled={choice === value}>
        {saveLabel}
      </Button>
    </form>
  );
}

/** A new set-password link for a member whose link got lost or expired (or who forgot their password). */
function NewPasswordLink({ user }: { user: AdminUser }) {
  const t = useT();
  const make = useNewPasswordLink();
  return (
    <section aria-labelledby="user-link-title">
      <h3 id="user-link-title">{t('admin.member.link')}</h3>
      {make.data ? (
        <PasswordLink link={make.data}>
          <Message id="admin.user.link.made" values={{ name: user.nickname, until: <DateText value={make.data.expiresAt} withTime />, email: user.email }} />
        </PasswordLink>
      ) : (
        <>
          <p className="muted">{t('admin.user.link.intro', { name: user.nickname })}</p>
          <ErrorSummary items={make.error ? [{ message: describeProblem(make.error) }] : []} />
          <div className="actions">
            <Button variant="secondary" busy={make.isPending} onClick={() => make.mutate(user.id)}>
              {t('admin.user.link.make')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function ManageUser({ user, groups, onClose, onSaved }: { user: AdminUser; groups: Group[]; onClose: () => void; onSaved: (message: string) => void }) {
  const t = useT();
  const setStatus = useSetUserStatus();
  const setRole = useSetUserRole();
  const setGroup = useSetUserGroup();
  const userId = user.id;
  const done = (message: string) => {
    onSaved(message);
    onClose();
  };
  return (
    <Dialog open title={t('admin.user.manage', { name: user.nickname })} onClose={onClose}>
      <p className="muted">
        {user.username} · {user.email}
      </p>
      <Setting
        label={t('admin.status')}
        saveLabel={t('admin.status.save')}
        id="user-status"
        value={user.status}
        options={[user.status, ...STATUS_MOVES[user.status]].map((status) => ({
          value: status,
          label: status === user.status ? t(STATUS_NAME[status]) : t('admin.status.move', { action: t(STATUS_ACTION[status]), status: t(STATUS_NAME[status]) }),
        }))}
        onSave={async (status) => {
          await setStatus.mutateAsync({ userId, status: status as UserStatus });
          done(t('admin.user.statusSaved', { name: user.nickname, status: t(STATUS_NAME[status as UserStatus]) }));
        }}
      />
      <Setting
        label={t('admin.role')}
        saveLabel={t('admin.role.save')}
        id="user-role"
        value={user.role}
        options={[
          { value: 'User', label: t('admin.role.User') },
          { value: 'Admin', label: t('admin.role.Admin') },
        ]}
        onSave={async (role) => {
          await setRole.mutateAsync({ userId, role: role as AdminUser['role'] });
          done(t('admin.user.roleSaved', { name: user.nickname }));
        }}
      />
      <Setting
        label={t('admin.group')}
        saveLabel={t('admin.group.save')}
        id="user-group"
        value={user.groupId ?? ''}
        options={[...(user.groupId ? [] : [{ value: '', label: t('admin.noGroup') }]), ...groups.map((group) => ({ value: group.id, label: group.name }))]}
        onSave={async (groupId) => {
          await setGroup.mutateAsync({ userId, groupId });
          done(t('admin.user.moved', { name: user.nickname, group: groups.find((group) => group.id === groupId)?.name ?? t('admin.theGroup') }));
        }}
      />
      <NewPasswordLink user={user} />
    </Dialog>
  );
}

export function UsersTab() {
  const t = useT();
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
        <Button onClick={() => setAdding(true)}>{t('admin.member.add')}</Button>
      </div>
      <form className="filters" onSubmit={search} key={params.toString()} aria-label={t('admin.users.find')}>
        <Field label={t('admin.users.search')} name="search" type="search" defaultValue={query.search ?? ''} />
        <SelectField label={t('admin.status')} name="status" defaultValue={query.status ?? ''}>
          <option value="">{t('admin.users.anyStatus')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_NAME[status])}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <Button type="submit">{t('admin.users.findButton')}</Button>
        </div>
      </form>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <LoadState query={users} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('admin.users.empty')} />}>
        {(data) => (
          <>
            <Table
              caption={t('admin.users')}
              rows={data.items}
              rowKey={(row) => row.id}
              columns={[
                { header: t('admin.name'), cell: (row) => `${row.nickname} (${row.username})` },
                { header: t('admin.email'), cell: (row) => row.email },
                { header: t('admin.status'), cell: (row) => t(STATUS_NAME[row.status]) },
                { header: t('admin.role'), cell: (row) => (row.role === 'Admin' ? t('admin.role.Admin') : t('admin.role.User')) },
                { header: t('admin.group'), cell: (row) => groupName(row.groupId) },
                {
                  header: t('admin.actions'),
                  className: 'table-actions',
                  cell: (row) =>
                    row.id === claims?.userId ? (
                      <span className="muted">{t('admin.users.you')}</span>
                    ) : (
                      <Button variant="secondary" aria-label={t('admin.user.manage', { name: row.nickname })} onClick={() => setManaging(row)}>
                        {t('admin.user.manageButton')}
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

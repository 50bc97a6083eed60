import { useState } from 'react';
import { Button, DateText, Dialog, ErrorSummary, Field, Notice, SelectField, useProblemForm } from '@/ui';
import { useCreateMember, type CreatedMember, type Group } from '../api';
import { GroupOptions } from './GroupOptions';
import { Message, useT } from '@/i18n';

interface MemberForm {
  username: string;
  nickname: string;
  email: string;
  groupId: string;
  role: 'User' | 'Admin';
}

/** The set-password link, to hand over in person or by message when mail does not work. */
function CreatedLink({ created, onClose }: { created: CreatedMember; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Notice tone="success">
        <Message
          id="admin.member.created"
          values={{ name: created.user.nickname, until: <DateText value={created.expiresAt} withTime />, email: created.user.email }}
        />
      </Notice>
      <Field label={t('admin.member.link')} readOnly value={created.setPasswordUrl} onFocus={(event) => event.currentTarget.select()} />
      <div className="actions">
        <Button
          onClick={async () => {
            await navigator.clipboard?.writeText(created.setPasswordUrl).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t('admin.member.copied') : t('admin.member.copy')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('common.done')}
        </Button>
      </div>
    </>
  );
}

export function CreateMemberDialog({ groups, onClose }: { groups: Group[]; onClose: () => void }) {
  const t = useT();
  const [created, setCreated] = useState<CreatedMember | null>(null);
  const { register, submit, summary, formState } = useProblemForm<MemberForm>({
    defaultValues: { username: '', nickname: '', email: '', groupId: groups.length === 1 ? groups[0].id : '', role: 'User' },
    labels: { username: t('auth.username'), nickname: t('admin.name'), email: t('auth.email'), groupId: t('admin.group'), role: t('admin.role') },
  });
  const create = useCreateMember();
  const errors = formState.errors;
  return (
    <Dialog open title={t('admin.member.add')} onClose={onClose}>
      {created ? (
        <CreatedLink created={created} onClose={onClose} />
      ) : (
        <>
          <p className="muted">{t('admin.member.intro')}</p>
          <ErrorSummary items={summary} />
          <form noValidate onSubmit={submit(async (values) => setCreated(await create.mutateAsync(values)))}>
            <Field
              label={t('auth.username')}
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username?.message}
              {...register('username', { required: t('auth.register.username.required'), pattern: { value: /^[A-Za-z0-9._-]{3,50}$/, message: t('auth.register.username.pattern') } })}
            />
            <Field label={t('admin.name')} error={errors.nickname?.message} {...register('nickname', { required: t('admin.member.nickname.required') })} />
            <Field label={t('auth.email')} type="email" spellCheck={false} error={errors.email?.message} {...register('email', { required: t('admin.member.email.required') })} />
            <SelectField label={t('admin.group')} error={errors.groupId?.message} {...register('groupId', { required: t('admin.member.group.required') })}>
              <GroupOptions groups={groups} />
            </SelectField>
            <SelectField label={t('admin.role')} {...register('role')}>
              <option value="User">{t('admin.role.User')}</option>
              <option value="Admin">{t('admin.role.Admin')}</option>
            </SelectField>
            <div className="actions">
              <Button type="submit" busy={create.isPending}>
                {t('admin.member.submit')}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        </>
      )}
    </Dialog>
  );
}

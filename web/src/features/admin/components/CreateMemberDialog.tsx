import { useState } from 'react';
import { Button, DateText, Dialog, ErrorSummary, Field, SelectField, useProblemForm } from '@/ui';
import { useCreateMember, type CreatedMember, type Group, type NewMember } from '../api';
import { GroupOptions } from './GroupOptions';
import { PasswordLink } from './PasswordLink';
import { LOCALES, Message, autonym, currentLocale, useT } from '@/i18n';

interface MemberForm {
  username: string;
  nickname: string;
  email: string;
  groupId: string;
  role: 'User' | 'Admin';
  /** the language of their mails until they choose one */
  locale: NonNullable<NewMember['locale']>;
}

export function CreateMemberDialog({ groups, onClose }: { groups: Group[]; onClose: () => void }) {
  const t = useT();
  const [created, setCreated] = useState<CreatedMember | null>(null);
  const { register, submit, summary, formState } = useProblemForm<MemberForm>({
    defaultValues: {
      username: '',
      nickname: '',
      email: '',
      groupId: groups.length === 1 ? groups[0].id : '',
      role: 'User',
      locale: currentLocale() as MemberForm['locale'],
    },
    labels: {
      username: t('auth.username'),
      nickname: t('admin.name'),
      email: t('auth.email'),
      groupId: t('admin.group'),
      role: t('admin.role'),
      locale: t('admin.member.language'),
    },
  });
  const create = useCreateMember();
  const errors = formState.errors;
  return (
    <Dialog open title={t('admin.member.add')} onClose={onClose}>
      {created ? (
        <>
          <PasswordLink link={created}>
            <Message
              id="admin.member.created"
              values={{ name: created.user.nickname, until: <DateText value={created.expiresAt} withTime />, email: created.user.email }}
            />
          </PasswordLink>
          <div className="actions">
            <Button variant="secondary" onClick={onClose}>
              {t('common.done')}
            </Button>
          </div>
        </>
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
              {...register('username', {
                required: t('auth.register.username.required'),
                pattern: { value: /^[A-Za-z0-9._-]{3,50}$/, message: t('auth.register.username.pattern') },
              })}
            />
            <Field label={t('admin.name')} error={errors.nickname?.message} {...register('nickname', { required: t('admin.member.nickname.required') })} />
            <Field
              label={t('auth.email')}
              type="email"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email', { required: t('admin.member.email.required') })}
            />
            <SelectField label={t('admin.group')} error={errors.groupId?.message} {...register('groupId', { required: t('admin.member.group.required') })}>
              <GroupOptions groups={groups} />
            </SelectField>
            <SelectField label={t('admin.role')} {...register('role')}>
              <option value="User">{t('admin.role.User')}</option>
              <option value="Admin">{t('admin.role.Admin')}</option>
            </SelectField>
            <SelectField label={t('admin.member.language')} hint={t('admin.member.language.hint')} {...register('locale')}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {autonym(code)}
                </option>
              ))}
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

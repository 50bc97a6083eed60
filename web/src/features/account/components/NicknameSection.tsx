import { useState } from 'react';
import { useT } from '@/i18n';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useSaveNickname, type Profile } from '../api';

export function NicknameSection({ account }: { account: Profile }) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  const { register, submit, summary, formState } = useProblemForm({ values: { nickname: account.nickname }, labels: { nickname: t('account.name.label') } });
  const save = useSaveNickname();

  return (
    <section className="card" aria-labelledby="nickname-title">
      <h2 id="nickname-title">{t('account.name.title')}</h2>
      {saved ? <Notice tone="success">{t('account.name.saved')}</Notice> : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async ({ nickname }) => {
          setSaved(false);
          await save.mutateAsync(nickname);
          setSaved(true);
        })}
      >
        <Field
          label={t('account.name.label')}
          hint={t('account.name.hint')}
          autoComplete="nickname"
          error={formState.errors.nickname?.message}
          {...register('nickname', { required: t('account.name.required'), maxLength: { value: 25, message: t('account.name.tooLong') } })}
        />
        <Button type="submit" busy={save.isPending}>
          {t('account.name.save')}
        </Button>
      </form>
    </section>
  );
}

import { useNavigate } from 'react-router';
import { useT } from '@/i18n';
import { Button, ErrorSummary, Field, useProblemForm } from '@/ui';
import { useChangePassword, type PasswordChange } from '../api';

export function PasswordSection() {
  const t = useT();
  const navigate = useNavigate();
  const { register, submit, summary, formState } = useProblemForm<PasswordChange>({
    defaultValues: { currentPassword: '', newPassword: '' },
    labels: { currentPassword: t('account.password.current'), newPassword: t('account.password.new') },
  });
  const change = useChangePassword();

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password.title')}</h2>
      <p className="muted">{t('account.password.hint')}</p>
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          // signed out everywhere, this device included
          await change.mutateAsync(values);
          navigate('/sign-in?reset=1', { replace: true });
        })}
      >
        <Field
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword', { required: t('account.password.currentRequired') })}
        />
        <Field
          label={t('account.password.new')}
          type="password"
          hint={t('account.password.newHint')}
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', { required: t('account.password.newRequired'), minLength: { value: 8, message: t('account.password.tooShort') } })}
        />
        <Button type="submit" busy={change.isPending}>
          {t('account.password.change')}
        </Button>
      </form>
    </section>
  );
}

import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { useT } from '@/i18n';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useChangeEmail, useResendConfirmation, type EmailChange, type Profile } from '../api';

export function EmailSection({ account }: { account: Profile }) {
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  const { register, submit, summary, setSummary, reset, formState } = useProblemForm<EmailChange>({
    defaultValues: { newEmail: '', currentPassword: '' },
    labels: { newEmail: t('account.email.new'), currentPassword: t('account.password.current') },
  });

  const change = useChangeEmail();
  const resend = useResendConfirmation();
  const resendLink = () => {
    setSummary([]);
    resend.mutate(undefined, {
      onSuccess: () => setNotice(t('account.email.resent', { email: account.pendingEmail ?? account.email })),
      onError: (error) => setSummary([{ message: describeProblem(error) }]),
    });
  };

  const pending = account.emailStatus !== 'Confirmed';
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t('account.email.title')}</h2>
      <p>{t('account.email.current', { email: account.email })}</p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {pending ? (
        <Notice>
          {account.pendingEmail ? t('account.email.pendingNew', { email: account.pendingEmail }) : t('account.email.pendingThis')}{' '}
          <Button variant="link" busy={resend.isPending} onClick={resendLink}>
            {t('account.email.resend')}
          </Button>
        </Notice>
      ) : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit(async (values) => {
          setNotice(null);
          await change.mutateAsync(values);
          reset();
          setNotice(t('account.email.sent', { email: values.newEmail }));
        })}
      >
        <Field
          label={t('account.email.new')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={formState.errors.newEmail?.message}
          {...register('newEmail', { required: t('account.email.required') })}
        />
        <Field
          label={t('account.password.current')}
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword', { required: t('account.password.currentRequired') })}
        />
        <Button type="submit" busy={change.isPending}>
          {t('account.email.change')}
        </Button>
      </form>
    </section>
  );
}

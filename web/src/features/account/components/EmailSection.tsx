import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useChangeEmail, useResendConfirmation, type EmailChange, type Profile } from '../api';

export function EmailSection({ account }: { account: Profile }) {
  const [notice, setNotice] = useState<string | null>(null);
  const { register, submit, summary, setSummary, reset, formState } = useProblemForm<EmailChange>({
    defaultValues: { newEmail: '', currentPassword: '' },
    labels: { newEmail: 'New email address', currentPassword: 'Current password' },
  });

  const change = useChangeEmail();
  const resend = useResendConfirmation();
  const resendLink = () => {
    setSummary([]);
    resend.mutate(undefined, {
      onSuccess: () => setNotice(`We sent the link again to ${account.pendingEmail ?? account.email}.`),
      onError: (error) => setSummary([{ message: describeProblem(error) }]),
    });
  };

  const pending = account.emailStatus !== 'Confirmed';
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      <p>
        Your address: <strong>{account.email}</strong>
      </p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {pending ? (
        <Notice>
          {account.pendingEmail ? (
            <>
              Waiting for you to confirm <strong>{account.pendingEmail}</strong>: open the link we sent there.
            </>
          ) : (
            <>Waiting for you to confirm this address: open the link we sent to it.</>
          )}{' '}
          <Button variant="link" busy={resend.isPending} onClick={resendLink}>
            Send the link again
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
          setNotice(`We sent a confirmation link to ${values.newEmail}. Your address changes when you open it.`);
        })}
      >
        <Field
          label="New email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={formState.errors.newEmail?.message}
          {...register('newEmail', { required: 'Enter the new email address' })}
        />
        <Field
          label="Current password"
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword', { required: 'Enter your current password' })}
        />
        <Button type="submit" busy={change.isPending}>
          Change email address
        </Button>
      </form>
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call, type Schema } from '@/api/client';
import { describeProblem } from '@/api/problem';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { accountKey } from '../queries';

interface EmailForm {
  newEmail: string;
  currentPassword: string;
}

export function EmailSection({ account }: { account: Schema<'ProfileDto'> }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const { register, submit, summary, setSummary, reset, formState } = useProblemForm<EmailForm>({
    defaultValues: { newEmail: '', currentPassword: '' },
    labels: { newEmail: 'New email address', currentPassword: 'Current password' },
  });

  const change = useMutation({
    mutationFn: (body: EmailForm) => call(api.PUT('/api/v1/account/email', { body })),
    onSuccess: (_, body) => {
      reset();
      setNotice(`We sent a confirmation link to ${body.newEmail}. Your address changes when you open it.`);
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });
  const resend = useMutation({
    mutationFn: () => call(api.POST('/api/v1/account/email/confirm/resend')),
    onSuccess: () => setNotice(`We sent the link again to ${account.pendingEmail ?? account.email}.`),
    onError: (error) => setSummary([{ message: describeProblem(error) }]),
  });

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
          <Button variant="link" busy={resend.isPending} onClick={() => { setSummary([]); resend.mutate(); }}>
            Send the link again
          </Button>
        </Notice>
      ) : null}
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={submit((values) => {
          setNotice(null);
          return change.mutateAsync(values);
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

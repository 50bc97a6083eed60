import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, call, session } from '@/api/client';
import { ProblemError } from '@/api/problem';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { AuthLayout } from '../components/AuthLayout';

interface ResetForm {
  newPassword: string;
  repeatPassword: string;
}

/** The link of a reset mail, and of an administrator's "set your password" link for a new member. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const { register, submit, summary, getValues, formState } = useProblemForm<ResetForm>({
    defaultValues: { newPassword: '', repeatPassword: '' },
    labels: { newPassword: 'New password' },
  });

  const onSubmit = submit(async ({ newPassword }) => {
    try {
      await call(api.POST('/api/v1/account/password/reset', { body: { token, newPassword } }));
    } catch (error) {
      if (!(error instanceof ProblemError && error.code === 'INVALID_TOKEN')) throw error;
      return setInvalid(true);
    }
    // every session of the account has been revoked, this tab's included
    if (session.getSnapshot().status === 'signedIn') await session.signOut();
    navigate('/sign-in?reset=1', { replace: true });
  });

  if (invalid) {
    return (
      <AuthLayout title="This link does not work">
        <Notice tone="warning">The link is invalid, was already used or has expired.</Notice>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password">
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="New password"
          type="password"
          hint="At least 8 characters. A few unusual words make a strong one."
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', { required: 'Enter a new password', minLength: { value: 8, message: 'Use at least 8 characters' } })}
        />
        <Field
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.repeatPassword?.message}
          {...register('repeatPassword', {
            required: 'Repeat the new password',
            validate: (value) => value === getValues('newPassword') || 'The two passwords are not the same',
          })}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            Save the new password
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '@/api/client';
import { ProblemError } from '@/api/problem';
import { Button, ErrorSummary, Field, LoadError, Notice, Skeleton, useProblemForm } from '@/ui';
import { useResetLink, useResetPassword, useSignIn } from '../api';
import { AuthLayout } from '../components/AuthLayout';

/** "Tom", "Tom and Anna", "Tom, Anna and Ben". */
function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

interface ResetForm {
  newPassword: string;
  repeatPassword: string;
}

/**
 * The link of a reset mail, and of an administrator's "set your password" link for a new member:
 * whose account it is (the username to sign in with) and, for an invitation, whose group it joins;
 * once the password is chosen, the person is signed in.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const link = useResetLink(token);
  const reset = useResetPassword();
  const signIn = useSignIn();
  const { register, submit, summary, getValues, formState } = useProblemForm<ResetForm>({
    defaultValues: { newPassword: '', repeatPassword: '' },
    labels: { newPassword: 'New password' },
  });

  const onSubmit = submit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (error) {
      if (!(error instanceof ProblemError && error.code === 'INVALID_TOKEN')) throw error;
      return setInvalid(true);
    }
    // every session of the account has been revoked, this tab's included
    if (session.getSnapshot().status === 'signedIn') await session.signOut();
    const username = link.data?.username;
    if (!username) return navigate('/sign-in?reset=1', { replace: true });
    try {
      await signIn.mutateAsync({ username, password: newPassword });
      // a new member's first screen says where they are and what they can do
      navigate(link.data?.invitation ? '/welcome' : '/', { replace: true });
    } catch {
      // the password is saved; signing in by hand still works
      navigate('/sign-in?reset=1', { replace: true });
    }
  });

  const linkInvalid = link.error instanceof ProblemError && link.error.code === 'INVALID_TOKEN';
  if (invalid || linkInvalid) {
    return (
      <AuthLayout title="This link does not work">
        <Notice tone="warning">The link is invalid, was already used or has expired.</Notice>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </AuthLayout>
    );
  }

  if (link.isPending) {
    return (
      <AuthLayout title="Choose a password">
        <Skeleton lines={3} />
      </AuthLayout>
    );
  }
  if (link.isError) {
    return (
      <AuthLayout title="Choose a password">
        <LoadError error={link.error} retry={() => link.refetch()} />
      </AuthLayout>
    );
  }
  const { invitation, groupName, memberNicknames, username, nickname } = link.data;
  return (
    <AuthLayout title={invitation ? `Welcome, ${nickname}` : 'Choose a new password'}>
      {invitation ? (
        <p>
          {groupName ? (
            <>
              You are joining <strong>{groupName}</strong>
              {memberNicknames.length ? <> with {listOf(memberNicknames)}</> : null} on Hearth.{' '}
            </>
          ) : null}
          Choose a password to finish setting up your account.
        </p>
      ) : null}
      <p>
        Your username: <strong>{username}</strong> <span className="muted">(you sign in with it)</span>
      </p>
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        {/* for password managers: the account the new password belongs to */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          label={invitation ? 'Password' : 'New password'}
          type="password"
          hint="At least 8 characters. A few unusual words make a strong one."
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', { required: 'Enter a new password', minLength: { value: 8, message: 'Use at least 8 characters' } })}
        />
        <Field
          label={invitation ? 'Repeat the password' : 'Repeat the new password'}
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
            {invitation ? 'Save password and sign in' : 'Save the new password and sign in'}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

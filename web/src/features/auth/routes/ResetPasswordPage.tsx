import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '@/api/client';
import { ProblemError } from '@/api/problem';
import { Button, ErrorSummary, Field, LoadError, Notice, Skeleton, useProblemForm } from '@/ui';
import { useResetLink, useResetPassword, useSignIn } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Message, useListFormat, useT } from '@/i18n';

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
  const t = useT();
  const listOf = useListFormat();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const link = useResetLink(token);
  const reset = useResetPassword();
  const signIn = useSignIn();
  const { register, submit, summary, getValues, formState } = useProblemForm<ResetForm>({
    defaultValues: { newPassword: '', repeatPassword: '' },
    labels: { newPassword: t('auth.reset.newPassword') },
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
      navigate('/', { replace: true });
    } catch {
      // the password is saved; signing in by hand still works
      navigate('/sign-in?reset=1', { replace: true });
    }
  });

  const linkInvalid = link.error instanceof ProblemError && link.error.code === 'INVALID_TOKEN';
  if (invalid || linkInvalid) {
    return (
      <AuthLayout title={t('auth.link.broken')}>
        <Notice tone="warning">{t('auth.link.invalid')}</Notice>
        <p>
          <Link to="/forgot-password">{t('auth.reset.askAgain')}</Link>
        </p>
      </AuthLayout>
    );
  }

  if (link.isPending) {
    return (
      <AuthLayout title={t('auth.reset.choose')}>
        <Skeleton lines={3} />
      </AuthLayout>
    );
  }
  if (link.isError) {
    return (
      <AuthLayout title={t('auth.reset.choose')}>
        <LoadError error={link.error} retry={() => link.refetch()} />
      </AuthLayout>
    );
  }
  const { invitation, groupName, memberNicknames, username, nickname } = link.data;
  return (
    <AuthLayout title={invitation ? t('auth.reset.welcome', { nickname }) : t('auth.reset.title')}>
      {invitation ? (
        <p>
          {groupName ? (
            <>
              <Message
                id={memberNicknames.length ? 'auth.reset.joiningWith' : 'auth.reset.joining'}
                values={{ group: groupName, members: listOf(memberNicknames), b: (text) => <strong>{text}</strong> }}
              />{' '}
            </>
          ) : null}
          {t('auth.reset.finish')}
        </p>
      ) : null}
      <p>
        <Message id="auth.reset.username" values={{ username, b: (text) => <strong>{text}</strong> }} />{' '}
        <span className="muted">{t('auth.reset.usernameHint')}</span>
      </p>
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        {/* for password managers: the account the new password belongs to */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          label={invitation ? t('auth.password') : t('auth.reset.newPassword')}
          type="password"
          hint={t('auth.passwordHint')}
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', { required: t('auth.reset.newPassword.required'), minLength: { value: 8, message: t('form.minLength', { min: 8 }) } })}
        />
        <Field
          label={invitation ? t('auth.reset.repeat') : t('auth.reset.repeatNew')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.repeatPassword?.message}
          {...register('repeatPassword', {
            required: t('auth.reset.repeat.required'),
            validate: (value) => value === getValues('newPassword') || t('auth.reset.mismatch'),
          })}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {invitation ? t('auth.reset.submitInvitation') : t('auth.reset.submit')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

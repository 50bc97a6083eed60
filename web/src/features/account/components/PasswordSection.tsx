import { useNavigate } from 'react-router';
import { Button, ErrorSummary, Field, useProblemForm } from '@/ui';
import { useChangePassword, type PasswordChange } from '../api';

export function PasswordSection() {
  const navigate = useNavigate();
  const { register, submit, summary, formState } = useProblemForm<PasswordChange>({
    defaultValues: { currentPassword: '', newPassword: '' },
    labels: { currentPassword: 'Current password', newPassword: 'New password' },
  });
  const change = useChangePassword();

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className="muted">Changing it signs you out everywhere, this device included.</p>
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
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword', { required: 'Enter your current password' })}
        />
        <Field
          label="New password"
          type="password"
          hint="At least 8 characters."
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword', { required: 'Enter a new password', minLength: { value: 8, message: 'Use at least 8 characters' } })}
        />
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api, call, session } from '@/api/client';
import { applyProblem, invalidSummary, type SummaryItem } from '@/api/form-errors';
import { Button, ErrorSummary, Field } from '@/ui';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
}
const FIELDS = ['currentPassword', 'newPassword'] as const;

export function PasswordSection() {
  const navigate = useNavigate();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<PasswordForm>({ defaultValues: { currentPassword: '', newPassword: '' } });
  const change = useMutation({
    mutationFn: (body: PasswordForm) => call(api.PUT('/api/v1/account/password', { body })),
    onSuccess: async () => {
      // the API has signed out every session, this one included
      await session.signOut();
      navigate('/sign-in?reset=1', { replace: true });
    },
    onError: (error) => setSummary(applyProblem(error, FIELDS, setError, { currentPassword: 'Current password', newPassword: 'New password' })),
  });

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className="muted">Changing it signs you out everywhere, this device included.</p>
      <ErrorSummary items={summary} />
      <form
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setSummary([]);
            change.mutate(values);
          },
          (errors) => setSummary(invalidSummary(errors)),
        )}
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

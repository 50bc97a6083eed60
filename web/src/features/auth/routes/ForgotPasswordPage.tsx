import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useForgotPassword, type PasswordRequest } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const { register, submit, summary, setValue, clearErrors, formState } = useProblemForm<PasswordRequest>({
    defaultValues: { email: '', captcha: '' },
    labels: { email: 'Email address', captcha: 'The check' },
  });
  const forgot = useForgotPassword();
  register('captcha', { required: 'Wait until the check below says you are verified' });

  const onSubmit = submit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      captcha.current?.reset(); // a solution works once
      throw error;
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <Notice tone="success">
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password.
        </Notice>
        <p>The link works for one hour. Nothing arrived? Look in your spam folder, or try again in a few minutes.</p>
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?">
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={formState.errors.email?.message}
          {...register('email', { required: 'Enter your email address' })}
        />
        <Captcha
          ref={captcha}
          error={formState.errors.captcha?.message}
          onChange={(payload) => {
            setValue('captcha', payload);
            if (payload) clearErrors('captcha');
          }}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            Send the link
          </Button>
          <Link to="/sign-in">Back to sign in</Link>
        </div>
      </form>
    </AuthLayout>
  );
}

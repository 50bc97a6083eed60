import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorSummary, Field, Notice, useProblemForm } from '@/ui';
import { useRegister } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';

interface RegisterForm {
  username: string;
  nickname: string;
  email: string;
  password: string;
  website: string;
  captcha: string;
}

export default function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const { register, submit, summary, setValue, clearErrors, formState } = useProblemForm<RegisterForm>({
    defaultValues: { username: '', nickname: '', email: '', password: '', website: '', captcha: '' },
    labels: { username: 'Username', nickname: 'Name', email: 'Email address', password: 'Password', captcha: 'The check' },
  });
  const registration = useRegister();
  register('captcha', { required: 'Wait until the check below says you are verified' });

  const onSubmit = submit(async (values) => {
    try {
      await registration.mutateAsync({ ...values, website: values.website || undefined });
      setRegisteredEmail(values.email);
    } catch (error) {
      captcha.current?.reset(); // a solution works once
      throw error;
    }
  });

  if (registeredEmail) {
    return (
      <AuthLayout title="Check your email">
        <Notice tone="success">
          We sent a link to <strong>{registeredEmail}</strong>. Open it to confirm your email address.
        </Notice>
        <p>After that, an administrator approves your registration. You can sign in once they have.</p>
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  const errors = formState.errors;
  return (
    <AuthLayout title="Create an account">
      <ErrorSummary items={summary} />
      <form onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          hint="3 to 50 letters, digits, dots, dashes or underscores. You sign in with it; capitals count."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username', {
            required: 'Enter a username',
            pattern: { value: /^[A-Za-z0-9._-]{3,50}$/, message: 'Use 3 to 50 letters, digits, dots, dashes or underscores' },
          })}
        />
        <Field
          label="Name shown to your group"
          hint="Up to 25 characters, for example Anna or Dad."
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...register('nickname', { required: 'Enter the name your group will see', maxLength: { value: 25, message: 'Use at most 25 characters' } })}
        />
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email', { required: 'Enter your email address' })}
        />
        <Field
          label="Password"
          type="password"
          hint="At least 8 characters. A few unusual words make a strong one."
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { required: 'Enter a password', minLength: { value: 8, message: 'Use at least 8 characters' } })}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="website">Website (leave this empty)</label>
          <input id="website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        <Captcha
          ref={captcha}
          error={errors.captcha?.message}
          onChange={(payload) => {
            setValue('captcha', payload);
            if (payload) clearErrors('captcha');
          }}
        />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            Create account
          </Button>
        </div>
      </form>
      <p>
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthLayout>
  );
}

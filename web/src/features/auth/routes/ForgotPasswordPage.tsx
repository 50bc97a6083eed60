import { AuthLayout } from '../components/AuthLayout';

export default function ForgotPasswordPage() {
  return <AuthLayout title="ForgotPasswordPage">Coming in this issue.</AuthLayout>;
}

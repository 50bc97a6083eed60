import { AuthLayout } from '../components/AuthLayout';

export default function ResetPasswordPage() {
  return <AuthLayout title="ResetPasswordPage">Coming in this issue.</AuthLayout>;
}

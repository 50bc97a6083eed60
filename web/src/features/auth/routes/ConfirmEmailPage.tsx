import { AuthLayout } from '../components/AuthLayout';

export default function ConfirmEmailPage() {
  return <AuthLayout title="ConfirmEmailPage">Coming in this issue.</AuthLayout>;
}

import { AuthLayout } from '../components/AuthLayout';

export default function RegisterPage() {
  return <AuthLayout title="RegisterPage">Coming in this issue.</AuthLayout>;
}

import { Page } from '@/ui';

export default function SessionsPage() {
  return <Page title="Sessions" />;
}

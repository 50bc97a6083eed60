import { Page } from '@/ui';

export default function AdminPage() {
  return <Page title="Administration" />;
}

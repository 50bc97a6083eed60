import { Page } from '@/ui';

export default function AccountPage() {
  return <Page title="Account" />;
}

import { Page } from '@/ui';

export default function MembersPage() {
  return <Page title="Members" />;
}

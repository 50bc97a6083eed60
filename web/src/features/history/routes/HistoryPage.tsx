import { Page } from '@/ui';

export default function HistoryPage() {
  return <Page title="History" />;
}

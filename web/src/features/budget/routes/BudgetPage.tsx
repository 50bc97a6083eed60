import { EmptyState, Page } from '@/ui';

/** Placeholder: the Budget pages are built in part 2 of the web client. */
export default function BudgetPage() {
  return (
    <Page title="Budget">
      <EmptyState title="The Budget pages are on their way">This part of Hearth's web app is being built.</EmptyState>
    </Page>
  );
}

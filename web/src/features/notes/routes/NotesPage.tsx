import { EmptyState, Page } from '@/ui';

/** Placeholder: the Notes pages are built in part 2 of the web client. */
export default function NotesPage() {
  return (
    <Page title="Notes">
      <EmptyState title="The Notes pages are on their way">This part of Hearth's web app is being built.</EmptyState>
    </Page>
  );
}

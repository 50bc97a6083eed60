import { EmptyState, Page } from '@/ui';

/** Placeholder: the Map pages are built in part 2 of the web client. */
export default function MapPage() {
  return (
    <Page title="Map">
      <EmptyState title="The Map pages are on their way">This part of Hearth's web app is being built.</EmptyState>
    </Page>
  );
}

import { MODULES, type Module } from '@/api/claims';
import { useSession } from '@/api/session-context';
import { DownloadButton } from '@/ui';
import { downloadExport } from '../api';

/** What the export holds for each module (the files the API writes). */
const CONTENTS: Record<Module, { title: string; files: string }> = {
  Budget: {
    title: 'Budget',
    files: 'transactions, categories, accounts and recurring transactions as CSV files (opens in a spreadsheet or another budgeting app)',
  },
  Map: { title: 'Map', files: 'your group’s places as GeoJSON (opens in a GIS tool) with the original photos' },
  Notes: { title: 'Notes', files: 'one Markdown file per note, with its checklist; your private notes included' },
};

export function ExportSection() {
  const { claims } = useSession();
  const modules = MODULES.filter((module) => claims?.modules.includes(module));
  return (
    <section className="card" aria-labelledby="export-title">
      <h2 id="export-title">Export your data</h2>
      {modules.length ? (
        <>
          <p>A zip file of what you can see in Hearth, to keep or to take elsewhere:</p>
          <ul>
            {modules.map((module) => (
              <li key={module}>
                <strong>{CONTENTS[module].title}</strong>: {CONTENTS[module].files}.
              </li>
            ))}
          </ul>
          {claims?.modules.includes('Notes') || claims?.modules.includes('Map') ? (
            <p className="muted">
              Not included:{' '}
              {[claims.modules.includes('Notes') ? 'other members’ private notes' : null, claims.modules.includes('Map') ? 'places in the trash' : null]
                .filter(Boolean)
                .join(' and ')}
              .
            </p>
          ) : null}
        </>
      ) : (
        <p>Your group has no modules, so the zip file will be empty.</p>
      )}
      <DownloadButton variant="secondary" busyLabel="Preparing your export…" download={downloadExport}>
        Export my data
      </DownloadButton>
    </section>
  );
}

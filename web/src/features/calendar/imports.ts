import type { CalendarImport } from './api';

/** How many of a previewed file's events are new, change an event imported (or made) before, and were refused. */
export function importCounts(preview: Pick<CalendarImport, 'events' | 'skipped'>): { create: number; update: number; skipped: number } {
  const create = preview.events.filter((event) => event.action === 'create').length;
  return { create, update: preview.events.length - create, skipped: preview.skipped.length };
}

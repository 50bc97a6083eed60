import { describe, expect, it } from 'vitest';
import { importCounts } from './imports';

const event = (index: number, action: 'create' | 'update') => ({
  index,
  uid: `uid-${index}`,
  title: `Event ${index}`,
  allDay: false,
  start: '2026-03-12T17:00:00Z',
  end: '2026-03-12T18:00:00Z',
  timeZone: 'Europe/Berlin',
  rrule: null,
  action,
});

describe('importCounts', () => {
  it('counts the new, the changed and the refused events of a preview', () => {
    const skipped = [{ uid: null, reason: 'NO_UID' as const, params: {}, message: 'a VEVENT has no UID' }];
    const preview = { events: [event(0, 'create'), event(1, 'update'), event(2, 'create')], skipped };
    expect(importCounts(preview)).toEqual({ create: 2, update: 1, skipped: 1 });
  });

  it('is all zeros for a file with nothing to import', () => {
    expect(importCounts({ events: [], skipped: [] })).toEqual({ create: 0, update: 0, skipped: 0 });
  });
});

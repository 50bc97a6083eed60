import type ICAL from 'ical.js';
import type * as TimeZones from 'timezones-ical-library';
import { onFirstUse } from '../../../common/first-use';

/*
 * The iCalendar libraries load with the first calendar file read or written (a feed, CalDAV, an
 * import, an export), not with every process: ical.js holds ~0.9 MB of heap, the zones' VTIMEZONE
 * data ~0.2 MB (docs/performance.md, "The sixth round at start and per request").
 */
export const ical = onFirstUse(() => require('ical.js') as typeof ICAL);
export const timeZones = onFirstUse(() => require('timezones-ical-library') as typeof TimeZones);

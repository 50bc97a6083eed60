import type * as Rules from '../../../domain/calendar';
import { onFirstUse } from '../../common/first-use';

/**
 * The calendar's shared rules (domain/calendar.ts) as the service uses them: loaded with the first
 * calendar request or reminder that needs them, not with every process, because they bring the
 * RRULE library (rrule-temporal, ~0.5 MB of heap). domain/ is shared with the web app and imports it
 * statically, so the service defers it here (docs/performance.md, "The sixth round at start and per
 * request"). Types are imported from domain/calendar.ts directly (`import type`).
 */
export const calendarRules = onFirstUse(() => require('../../../domain/calendar') as typeof Rules);

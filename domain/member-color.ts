/*
 * The colour a member is shown in, the same on the service (their events' default colour) and in
 * the app (the calendar's filter). A file of its own: the app's calendar pages import it without
 * the RRULE library of ./calendar.ts.
 */

/** Members' colours, in the order a member's id picks them: distinct enough on a light and a dark page. */
export const MEMBER_COLORS = ['#2563EB', '#DC2626', '#16A34A', '#D97706', '#9333EA', '#0891B2', '#DB2777', '#65A30D', '#EA580C', '#4F46E5'] as const;

/** The colour a member is shown in (and their events' default): fixed by their id. */
export function memberColor(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return MEMBER_COLORS[hash % MEMBER_COLORS.length];
}

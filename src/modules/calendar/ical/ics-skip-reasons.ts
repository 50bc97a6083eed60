/**
 * Why a VEVENT of a file is left out: a stable code a client words in its own language, with
 * `params` (the event's `SUMMARY` as `title`, when it has one); the English `message` beside it.
 */
export const ICS_SKIP_REASONS = ['NO_UID', 'NO_START', 'UNREADABLE'] as const;
export type IcsSkipReason = (typeof ICS_SKIP_REASONS)[number];

/** One VEVENT left out, and why. */
export interface IcsSkipped {
  uid: string | null;
  reason: IcsSkipReason;
  params: { title?: string };
  message: string;
}

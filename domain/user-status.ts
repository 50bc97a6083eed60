/*
 * The registration status machine (docs/admin.md), the same on the service (which refuses every
 * other move with 409 INVALID_TRANSITION) and in the app (which offers only these moves).
 */

/** An account's status: the users table's `status` and the API's. */
export type AccountStatus = 'Pending' | 'Active' | 'Deactivated' | 'Declined';

/** The moves allowed from each status: every move not listed is INVALID_TRANSITION. */
export const STATUS_MOVES: Readonly<Record<AccountStatus, readonly AccountStatus[]>> = {
  Pending: ['Active', 'Declined'],
  Active: ['Deactivated'],
  Deactivated: ['Active'],
  Declined: ['Active'],
};

export function canMove(from: AccountStatus, to: AccountStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

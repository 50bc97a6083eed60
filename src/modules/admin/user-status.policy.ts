import { UserStatus } from '../users/entities/user.entity';

/** The registration status machine (docs/admin.md): every move not listed is INVALID_TRANSITION. */
export const STATUS_MOVES: Readonly<Record<UserStatus, readonly UserStatus[]>> = {
  Pending: ['Active', 'Declined'],
  Active: ['Deactivated'],
  Deactivated: ['Active'],
  Declined: ['Active'],
};

export function canMove(from: UserStatus, to: UserStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

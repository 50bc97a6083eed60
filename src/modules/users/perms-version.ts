import { EntityManager } from 'typeorm';
import { User } from './entities/user.entity';

/**
 * Raises PermsVersion of every user of the group (its modules or currency changed), so their
 * access tokens answer 401 TOKEN_STALE and the next refresh carries the new claims.
 * A bulk write on purpose: PermsVersion is bookkeeping the User audit ignores, and the group's own
 * change is already in the history, so the subscriber is bypassed with callListeners(false).
 */
export async function raiseGroupPermsVersion(manager: EntityManager, groupId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(User)
    .set({ permsVersion: () => 'perms_version + 1' })
    .where('group_id = :groupId', { groupId })
    .callListeners(false)
    .updateEntity(false)
    .execute();
}

import { Injectable } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository';
import { NotificationSettingsRepository, UserNotificationSettings } from './notification-settings.repository';

/** Someone a notification can reach: an Active user with their language, address and settings. */
export interface Recipient {
  id: string;
  groupId: string;
  nickname: string;
  email: string;
  /** the language of their notifications ('en' or 'de'; 'en' for a user without one) */
  locale: string;
  settings: UserNotificationSettings;
}

/**
 * Who can be notified, read in bulk for one batch of the scheduler: the reminder sources ask it for
 * users or for a group's members, after loading everyone a batch needs with two statements.
 */
export class RecipientBatch {
  private readonly byId = new Map<string, Recipient>();
  private readonly byGroup = new Map<string, Recipient[]>();

  constructor(
    private readonly users: UsersRepository,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  /** Loads the given users and every member of the given groups. */
  async load(userIds: Iterable<string>, groupIds: Iterable<string>): Promise<void> {
    const groups = [...new Set(groupIds)].filter((id) => !this.byGroup.has(id));
    const users = [...new Set(userIds)].filter((id) => !this.byId.has(id));
    const [ofGroups, ofIds] = await Promise.all([this.users.findRecipientsOfGroups(groups), this.users.findRecipients(users)]);
    const rows = [...ofGroups, ...ofIds.filter((row) => !groups.includes(row.group_id))];
    const settings = await this.settings.ofUsers(rows.map((row) => row.id));
    for (const id of groups) this.byGroup.set(id, []);
    for (const row of rows) {
      const recipient: Recipient = {
        id: row.id,
        groupId: row.group_id,
        nickname: row.nickname,
        email: row.email,
        locale: row.locale ?? 'en',
        settings: settings.get(row.id)!,
      };
      this.byId.set(row.id, recipient);
      this.byGroup.get(row.group_id)?.push(recipient);
    }
  }

  /** An Active user loaded before; undefined for anyone else (gone, deactivated). */
  user(id: string): Recipient | undefined {
    return this.byId.get(id);
  }

  /** The Active members of a group loaded before. */
  membersOf(groupId: string): Recipient[] {
    return this.byGroup.get(groupId) ?? [];
  }
}

@Injectable()
export class RecipientDirectory {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  batch(): RecipientBatch {
    return new RecipientBatch(this.users, this.settings);
  }

  /** One user, if Active. */
  async one(userId: string): Promise<Recipient | undefined> {
    const batch = this.batch();
    await batch.load([userId], []);
    return batch.user(userId);
  }
}

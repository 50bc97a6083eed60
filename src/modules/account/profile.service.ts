import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { isBirthday } from '../../../domain/birthday';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Clock, utcDate } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { MailService } from '../../infrastructure/mail/mail.service';
import { FileStatus } from '../files/entities/stored-file.entity';
import { FilesService, UploadTicket } from '../files/files.service';
import { Group } from '../groups/entities/group.entity';
import { UnitOfWork } from '../../database/transaction';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountErrors, assertSupportedLocale } from './account-errors';
import { AccountPasswordsService } from './account-passwords.service';
import { AccountTokens } from './account-tokens.repository';
import { ProfileDto } from './dto/profile.dto';
import { EmailConfirmations } from './email-confirmations.service';

/** The signed-in user's own account: profile, email change, profile picture. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
    private readonly passwords: AccountPasswordsService,
    private readonly confirmations: EmailConfirmations,
    private readonly tokens: AccountTokens,
    private readonly mail: MailService,
    private readonly files: FilesService,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<ProfileDto> {
    const user = await this.users.findProfileById(userId);
    if (!user) throw AppError.notFound('User');
    return this.toDto(user, user.group ?? null);
  }

  /** PUT /account: the nickname and the language, each when given. */
  async update(userId: string, changes: { nickname?: string; locale?: string; birthday?: string | null }): Promise<ProfileDto> {
    assertSupportedLocale(changes.locale);
    if (changes.birthday && !isBirthday(changes.birthday, utcDate(this.clock.now())))
      throw AppError.invalidField('birthday', 'birthday must be a real date YYYY-MM-DD (not in the future) or --MM-DD');
    await this.unitOfWork.run(async (manager) => {
      const user = await this.lock(manager, userId);
      if (changes.nickname !== undefined) user.nickname = changes.nickname;
      if (changes.birthday !== undefined) user.birthday = changes.birthday;
      if (changes.locale !== undefined) {
        user.locale = changes.locale;
        user.localeChosen = true;
      }
      await this.users.save(manager, user);
    });
    return this.get(userId);
  }

  /**
   * PUT /account/email: with the current password, stores the new address as pendingEmail
   * (ChangePending), mails a confirmation link to it and a notice to the old address. Limited to
   * one request per EMAIL_COOLDOWN_SECONDS, like confirmation resends (each one mails an address).
   */
  async requestEmailChange(userId: string, newEmail: string, currentPassword: string): Promise<ProfileDto> {
    const email = newEmail.toLowerCase();
    await this.passwords.assertCurrent(userId, currentPassword);
    await this.unitOfWork.run(async (manager) => {
      const user = await this.lock(manager, userId);
      if (user.email.toLowerCase() === email) {
        throw AppError.badRequest('EMAIL_UNCHANGED', 'This is already your email address', [
          { field: 'newEmail', message: 'newEmail is your current address' },
        ]);
      }
      if (await this.users.isEmailTakenByOther(email, userId)) throw AppError.conflict('EMAIL_TAKEN', 'This email address is already in use');
      const wait = await this.tokens.cooldownRemaining(userId, 'EmailConfirm', this.config.cooldowns.emailSeconds);
      if (wait > 0) throw AccountErrors.cooldown(wait);
      user.pendingEmail = email;
      user.emailStatus = 'ChangePending';
      await this.users.save(manager, user);
      await this.confirmations.send(manager, user);
      await this.mail.enqueue(manager, {
        to: user.email,
        template: 'email-change-notice',
        params: { nickname: user.nickname, newEmail: email },
        locale: user.locale,
      });
    });
    return this.get(userId);
  }

  async createPictureUpload(user: AuthUser, contentType: string, size: number): Promise<UploadTicket> {
    return this.files.createUpload({ category: 'ProfilePicture', ownerUserId: user.userId, contentType, size });
  }

  /**
   * PATCH /account/picture/confirm/{imageId}: verifies the upload and starts processing, then makes
   * it the user's picture and removes the previous one (objects included). Confirming again is
   * harmless; a picture that failed processing is not attached.
   */
  async confirmPicture(userId: string, fileId: string): Promise<{ fileId: string; status: FileStatus }> {
    const result = await this.files.confirmUpload(fileId, { category: 'ProfilePicture', ownerUserId: userId });
    if (result.status === 'Failed') return result;
    await this.unitOfWork.run(async (manager) => {
      const user = await this.lock(manager, userId);
      if (user.pictureFileId === fileId) return;
      const previous = user.pictureFileId;
      user.pictureFileId = fileId;
      await this.users.save(manager, user);
      if (previous) await this.files.removeFiles([previous]);
    });
    return result;
  }

  /** DELETE /account/picture: detaches the picture and removes its objects; no picture is fine too. */
  async deletePicture(userId: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const user = await this.lock(manager, userId);
      if (!user.pictureFileId) return;
      const fileId = user.pictureFileId;
      user.pictureFileId = null;
      await this.users.save(manager, user);
      await this.files.removeFiles([fileId]);
    });
  }

  private lock(manager: EntityManager, userId: string): Promise<User> {
    return this.users.lockById(manager, userId);
  }

  private async toDto(user: User, group: Group | null): Promise<ProfileDto> {
    const picture = await this.files.urls(user.pictureFile);
    return {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      pendingEmail: user.pendingEmail,
      emailStatus: user.emailStatus,
      role: user.role,
      status: user.status,
      group: group ? { id: group.id, name: group.name, currency: group.currency, modules: group.modules } : null,
      pictureUrl: picture?.url ?? null,
      // an administrator's hint is not the person's choice: their app offers its own language then
      locale: user.localeChosen ? user.locale : null,
      birthday: user.birthday,
      createdDate: user.createdDate,
    };
  }
}

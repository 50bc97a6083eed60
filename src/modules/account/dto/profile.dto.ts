import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { supportedLocales } from '../../../i18n/messages';
import { MODULES, ModuleName, ROLES, Role } from '../../../common/auth/auth-user';
import { EMAIL_STATUSES, EmailStatus, USER_STATUSES, UserStatus } from '../../users/entities/user.entity';
import { IsAcceptablePassword } from '../password-policy';

export class ProfileGroupDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ enum: MODULES, isArray: true }) modules: ModuleName[];
}

export class ProfileDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() nickname: string;
  @ApiProperty({ description: 'the confirmed address (for an unconfirmed registration, the one awaiting confirmation)' }) email: string;
  @ApiProperty({ nullable: true, type: String, description: 'new address awaiting confirmation' }) pendingEmail: string | null;
  @ApiProperty({ enum: EMAIL_STATUSES }) emailStatus: EmailStatus;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ enum: USER_STATUSES }) status: UserStatus;
  @ApiProperty({ type: ProfileGroupDto, nullable: true }) group: ProfileGroupDto | null;
  @ApiProperty({ nullable: true, type: String, description: 'short-lived signed URL of the processed picture; null while none is ready' })
  pictureUrl: string | null;
  @ApiProperty({
    enum: [...supportedLocales(), null],
    nullable: true,
    type: String,
    description:
      'the language of the app and of the mails sent to me; ' +
      'null until chosen (mails are then English, or the language the administrator who made the account used)',
  })
  locale: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1990-05-12', description: 'YYYY-MM-DD or --MM-DD (no year); shown to the group in the calendar' })
  birthday: string | null;
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
}

/** PUT /account: the fields given change, the others stay. */
export class UpdateProfileDto {
  @ApiProperty({ example: 'Ally', minLength: 1, maxLength: 25, required: false })
  @IsOptional()
  @IsString()
  @Length(1, 25)
  nickname?: string;

  @ApiProperty({ enum: supportedLocales(), required: false, description: 'another value is refused with 400 LOCALE_UNSUPPORTED' })
  @IsOptional()
  @IsString()
  @MaxLength(35)
  locale?: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: String,
    example: '1990-05-12',
    description: "YYYY-MM-DD, or --MM-DD without the year; null removes it. The group sees it in the calendar's birthdays layer",
  })
  @IsOptional()
  @IsString()
  @Matches(/^(\d{4}|-)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'birthday must be YYYY-MM-DD or --MM-DD' })
  birthday?: string | null;
}

export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  currentPassword: string;

  @ApiProperty({ format: 'password', description: '8+ characters, at most 72 bytes in UTF-8, not a common password' })
  @IsString()
  @MaxLength(256)
  @IsAcceptablePassword()
  newPassword: string;
}

export class ChangeEmailDto {
  @ApiProperty({ example: 'alice@new.example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'newEmail must be an email address' })
  newEmail: string;

  @ApiProperty({ format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  currentPassword: string;
}

import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { supportedLocales } from '../../../i18n/messages';
import { RegisterDto } from '../../account/dto/registration.dto';
import { ROLES, Role } from '../../../common/auth/auth-user';
import { PageQuery, sortPattern } from '../../../common/pagination/pagination';
import { EMAIL_STATUSES, EmailStatus, USER_STATUSES, UserStatus } from '../../users/entities/user.entity';

export const USER_SORT_FIELDS = ['createdDate', 'username', 'nickname'] as const;

export class ListUsersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: USER_STATUSES })
  @IsOptional()
  @IsIn(USER_STATUSES)
  status?: UserStatus;

  @ApiPropertyOptional({ description: 'matches username, nickname or email (case-insensitive substring)', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'only users of this group' })
  @IsOptional()
  @IsUUID()
  groupId?: string;

  @ApiPropertyOptional({ description: `one of ${USER_SORT_FIELDS.join(', ')}, prefixed with - for descending`, default: '-createdDate' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  @Matches(sortPattern(USER_SORT_FIELDS), { message: `sort must be one of ${USER_SORT_FIELDS.join(', ')} (optionally prefixed with -)` })
  sort?: string;
}

export class AdminUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() nickname: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: EMAIL_STATUSES }) emailStatus: EmailStatus;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ enum: USER_STATUSES }) status: UserStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) groupId: string | null;
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
}

export class ChangeStatusDto {
  @ApiProperty({ enum: USER_STATUSES })
  @IsIn(USER_STATUSES)
  status: UserStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'the group to place the user in; accepted only when the new status is Active' })
  @IsOptional()
  @IsUUID()
  groupId?: string;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

export class ChangeGroupDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  groupId: string;
}

/** Username, email and nickname follow the registration rules. */
export class CreateUserDto extends PickType(RegisterDto, ['username', 'email', 'nickname'] as const) {
  @ApiProperty({ format: 'uuid', description: 'the group the user joins (404 when unknown)' })
  @IsUUID()
  groupId: string;

  @ApiPropertyOptional({ enum: ROLES, default: 'User' })
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @ApiPropertyOptional({
    enum: supportedLocales(),
    description:
      "the language of the mails to the new member until they choose one (the invitation first); default the administrator's own. " +
      'Another value is 400 LOCALE_UNSUPPORTED',
  })
  @IsOptional()
  @IsString()
  @MaxLength(35)
  locale?: string;
}

/** A set-password link: single use, for SET_PASSWORD_LINK_DAYS days. */
export class SetPasswordLinkDto {
  @ApiProperty({
    description:
      'the link with which the user chooses a password ({APP_URL}/reset-password?token=…); ' +
      'works once. The web app shows it with its own address when APP_URL is a loopback address',
  })
  setPasswordUrl: string;
  @ApiProperty({ format: 'date-time', description: 'when the link stops working' }) expiresAt: Date;
}

export class CreatedUserDto extends SetPasswordLinkDto {
  @ApiProperty({ type: AdminUserDto }) user: AdminUserDto;
}

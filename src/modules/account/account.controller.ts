import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, SessionOnly } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { AppConfig } from '../../config/app-config';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { ConfirmedUploadDto, CreateUploadDto, UploadTicketDto } from '../files/dto/upload.dto';
import { AccountPasswordsService } from './account-passwords.service';
import { ChangeEmailDto, ChangePasswordDto, ProfileDto, UpdateProfileDto } from './dto/profile.dto';
import { ProfileService } from './profile.service';

@ApiTags('Account')
@ApiBearerAuth()
@ApiProblems(401)
@SessionOnly()
@Controller('account')
export class AccountController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly passwords: AccountPasswordsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My profile' })
  @ApiOkResponse({ type: ProfileDto })
  get(@CurrentUser() user: AuthUser): Promise<ProfileDto> {
    return this.profiles.get(user.userId);
  }

  @Put()
  @ApiOperation({
    summary: 'Update my profile (nickname, language, birthday)',
    description: 'Each field given changes. The access token’s Nickname claim follows at the next refresh. An unknown locale is 400 LOCALE_UNSUPPORTED.',
  })
  @ApiOkResponse({ type: ProfileDto })
  @ApiProblems(400)
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileDto> {
    return this.profiles.update(user.userId, dto);
  }

  @Put('password')
  @HttpCode(204)
  @ApiOperation({ summary: 'Change my password', description: 'Revokes every session, this one included, and clears the refresh cookie.' })
  @ApiNoContentResponse()
  @ApiProblems(400)
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.passwords.change(user.userId, dto.currentPassword, dto.newPassword);
    clearRefreshCookie(reply, this.config);
  }

  @Put('email')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Request an email change',
    description:
      'Needs the current password. The new address becomes pendingEmail (emailStatus ChangePending) and gets a confirmation link; ' +
      'the old address gets a notice. 429 COOLDOWN within EMAIL_COOLDOWN_SECONDS of the last confirmation mail.',
  })
  @ApiAcceptedResponse({ type: ProfileDto })
  @ApiProblems(400, 409, 429)
  changeEmail(@CurrentUser() user: AuthUser, @Body() dto: ChangeEmailDto): Promise<ProfileDto> {
    return this.profiles.requestEmailChange(user.userId, dto.newEmail, dto.currentPassword);
  }

  @Post('picture')
  @ApiOperation({
    summary: 'Get an upload URL for a new profile picture',
    description: 'JPEG, PNG or WebP up to MAX_IMAGE_BYTES (413 IMAGE_TOO_LARGE). PUT the bytes to uploadUrl with the given headers, then confirm.',
  })
  @ApiCreatedResponse({ type: UploadTicketDto })
  @ApiProblems(400, 413)
  async createPicture(@CurrentUser() user: AuthUser, @Body() dto: CreateUploadDto): Promise<UploadTicketDto> {
    const { fileId, ...ticket } = await this.profiles.createPictureUpload(user, dto.contentType, dto.size);
    return { imageId: fileId, ...ticket };
  }

  @Patch('picture/confirm/:imageId')
  @ApiOperation({
    summary: 'Confirm the uploaded profile picture',
    description:
      'The object must exist, have the declared size and be a real image of the declared type (400 UPLOAD_INVALID). Processing then strips metadata ' +
      'and makes a thumbnail (follow GET /files/{fileId}/status); the previous picture is deleted.',
  })
  @ApiOkResponse({ type: ConfirmedUploadDto })
  @ApiProblems(400, 404)
  confirmPicture(@CurrentUser() user: AuthUser, @UuidParam('imageId') imageId: string): Promise<ConfirmedUploadDto> {
    return this.profiles.confirmPicture(user.userId, imageId);
  }

  @Delete('picture')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete my profile picture (its stored objects too)' })
  @ApiNoContentResponse()
  async deletePicture(@CurrentUser() user: AuthUser): Promise<void> {
    await this.profiles.deletePicture(user.userId);
  }
}

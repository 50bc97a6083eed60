import { Body, Controller, Get, Header, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public } from '../../common/auth/decorators';
import { LocalLoginOnly } from '../auth/guards/local-login.guard';
import { ApiProblems } from '../../common/http/api-problems';
import { Client, RequestClient } from '../../common/http/client-info';
import { CaptchaService } from '../../infrastructure/captcha/captcha.service';
import { AuthRateLimit } from '../auth/guards/auth-throttler.guard';
import { AccountPasswordsService } from './account-passwords.service';
import {
  CaptchaChallengeDto,
  ConfirmEmailDto,
  EmailConfirmedDto,
  ForgotPasswordDto,
  RegisteredDto,
  RegisterDto,
  ResetLinkDto,
  ResetLinkTokenDto,
  ResetPasswordDto,
} from './dto/registration.dto';
import { EmailConfirmations } from './email-confirmations.service';
import { RegistrationService } from './registration.service';

/** The account flows that start from a link or a form: CAPTCHA, registration, email confirmation, password reset. */
@ApiTags('Account')
@Controller('account')
export class RegistrationController {
  constructor(
    private readonly captcha: CaptchaService,
    private readonly registration: RegistrationService,
    private readonly confirmations: EmailConfirmations,
    private readonly passwords: AccountPasswordsService,
  ) {}

  @Get('captcha')
  @Public()
  @AuthRateLimit(30)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Get an ALTCHA proof-of-work challenge',
    description:
      'For the ALTCHA widget (CAPTCHA_PROVIDER=altcha, the default). Challenges expire after 10 minutes; ' +
      'a solution is accepted once. 404 CAPTCHA_NOT_SELF_HOSTED with Turnstile or hCaptcha.',
  })
  @ApiOkResponse({ type: CaptchaChallengeDto })
  @ApiProblems(404, 429)
  async challenge(): Promise<CaptchaChallengeDto> {
    const { parameters, signature } = await this.captcha.challenge();
    return { parameters: { ...parameters }, signature };
  }

  @Post('register')
  @LocalLoginOnly()
  @Public()
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Register a new account',
    description:
      'Creates a Pending account with an Unconfirmed email, mails a confirmation link ({APP_URL}/confirm-email?token=…, 24 h) and notifies the admins. ' +
      'Login needs the confirmed email and an admin’s approval. A filled honeypot (`website`) is answered 201 alike and ignored.',
  })
  @ApiCreatedResponse({ type: RegisteredDto })
  @ApiProblems(400, 409, 429)
  register(@Body() dto: RegisterDto, @Client() client: RequestClient): Promise<RegisteredDto> {
    return this.registration.register(dto, client.ipAddress);
  }

  @Patch('email/confirm')
  @Public()
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Confirm an email address with the token of a confirmation link',
    description: 'Confirms a registration or an email change (the pending address then replaces the email). Tokens work once, for 24 h.',
  })
  @ApiOkResponse({ type: EmailConfirmedDto })
  @ApiProblems(400, 409, 429)
  async confirmEmail(@Body() dto: ConfirmEmailDto): Promise<EmailConfirmedDto> {
    await this.registration.confirmEmail(dto.token);
    return { emailStatus: 'Confirmed' };
  }

  @Post('email/confirm/resend')
  @HttpCode(204)
  @ApiBearerAuth()
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Send the confirmation email again',
    description:
      'Re-sends the link for the address awaiting confirmation (a pending email change). ' +
      '409 EMAIL_ALREADY_CONFIRMED when none awaits; 429 COOLDOWN with Retry-After within EMAIL_COOLDOWN_SECONDS.',
  })
  @ApiNoContentResponse()
  @ApiProblems(401, 409, 429)
  async resend(@CurrentUser() user: AuthUser): Promise<void> {
    await this.confirmations.resend(user.userId);
  }

  @Post('password/forgot')
  @LocalLoginOnly()
  @Public()
  @HttpCode(204)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Request a password reset link',
    description:
      'Always 204 after a valid CAPTCHA, whether or not the account exists. A known account with a confirmed address gets a link ' +
      '({APP_URL}/reset-password?token=…, single use, 1 h), at most once per RESET_COOLDOWN_SECONDS.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 429)
  async forgot(@Body() dto: ForgotPasswordDto, @Client() client: RequestClient): Promise<void> {
    await this.passwords.forgot(dto.email, dto.captcha, client.ipAddress);
  }

  @Post('password/reset/preview')
  @LocalLoginOnly()
  @Public()
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Whose account a reset or set-password link is for',
    description:
      'For the page of the link: the username, the name, the group and some of its members, and whether an administrator made the link ' +
      '(an invitation). Uses nothing up. The token goes in the body, never in an address. 400 INVALID_TOKEN for an unknown, used or expired link.',
  })
  @ApiOkResponse({ type: ResetLinkDto })
  @ApiProblems(400, 429)
  preview(@Body() dto: ResetLinkTokenDto): Promise<ResetLinkDto> {
    return this.passwords.describeLink(dto.token);
  }

  @Post('password/reset')
  @LocalLoginOnly()
  @Public()
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Set a new password with the token of a reset link', description: 'Revokes every session of the account.' })
  @ApiOkResponse({ schema: { type: 'object', properties: {} } })
  @ApiProblems(400, 429)
  async reset(@Body() dto: ResetPasswordDto): Promise<Record<string, never>> {
    await this.passwords.reset(dto.token, dto.newPassword);
    return {};
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { IsAcceptablePassword } from '../password-policy';

const CAPTCHA_DESCRIPTION =
  'CAPTCHA result: with ALTCHA (default) the widget’s base64 payload for a challenge from GET /account/captcha; ' +
  'with Turnstile or hCaptcha the widget’s response token. Each result works once.';

export class RegisterDto {
  @ApiProperty({ example: 'alice', minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._-]+$', description: 'case-sensitive' })
  @IsString()
  @Length(3, 50)
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'username may contain only letters, digits, ".", "_" and "-"' })
  username: string;

  @ApiProperty({ example: 'alice@example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @ApiProperty({ format: 'password', minLength: 8, description: '8+ characters, at most 72 bytes in UTF-8, not a common password' })
  @IsString()
  @MaxLength(256)
  @IsAcceptablePassword()
  password: string;

  @ApiProperty({ example: 'Alice', minLength: 1, maxLength: 25 })
  @IsString()
  @Length(1, 25)
  nickname: string;

  @ApiProperty({ description: CAPTCHA_DESCRIPTION })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8192)
  captcha: string;

  @ApiPropertyOptional({
    description: 'the language of the app the person registers from (`en`, `de`): their mails are in it; another value is 400 LOCALE_UNSUPPORTED',
  })
  @IsOptional()
  @IsString()
  @MaxLength(35)
  locale?: string;

  @ApiPropertyOptional({ description: 'honeypot: a hidden form field humans leave empty; when filled the request is accepted alike and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  website?: string;
}

export class RegisteredDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['Pending'] }) status: 'Pending';
}

export class ConfirmEmailDto {
  @ApiProperty({ description: 'the token of the confirmation link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class EmailConfirmedDto {
  @ApiProperty({ enum: ['Confirmed'] }) emailStatus: 'Confirmed';
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'alice@example.com' })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @ApiProperty({ description: CAPTCHA_DESCRIPTION })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8192)
  captcha: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'the token of the reset link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  @ApiProperty({ format: 'password', description: '8+ characters, at most 72 bytes in UTF-8, not a common password' })
  @IsString()
  @MaxLength(256)
  @IsAcceptablePassword()
  newPassword: string;
}

/** ALTCHA v2 challenge, passed unchanged to the widget. */
export class CaptchaChallengeDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt',
  })
  parameters: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'HMAC signature of the parameters' }) signature?: string;
}

export class ResetLinkTokenDto {
  @ApiProperty({ description: 'the token of the reset or set-password link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class ResetLinkDto {
  @ApiProperty({ example: 'mia', description: 'the account’s username, which the person signs in with' })
  username: string;
  @ApiProperty({ example: 'Mia' }) nickname: string;
  @ApiProperty({ type: String, nullable: true, example: 'Family', description: 'the group the account belongs to' })
  groupName: string | null;
  @ApiProperty({ type: [String], example: ['Tom', 'Anna'], description: 'up to 5 other Active members of that group, by name' })
  memberNicknames: string[];
  @ApiProperty({
    description: 'true for a set-password link an administrator made (create-user, POST /users, reset-link: valid 7 days); false for a forgotten-password link',
  })
  invitation: boolean;
}

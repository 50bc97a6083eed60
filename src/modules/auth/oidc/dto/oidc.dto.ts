import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class OidcOptionDto {
  @ApiProperty({ example: 'Sign in with Authentik', description: 'OIDC_BUTTON_LABEL' }) buttonLabel: string;
  @ApiProperty({ example: '/api/v1/session/oidc', description: 'open it in the browser (with `?returnTo=` a path of the app) to sign in' }) url: string;
}

/** GET /session/options: what the sign-in page offers. */
export class SignInOptionsDto {
  @ApiProperty({ description: 'password sign-in, registration and resets (LOCAL_LOGIN)' }) localLogin: boolean;
  @ApiProperty({ type: OidcOptionDto, nullable: true, description: 'the identity provider’s button; null without OIDC_ISSUER' }) oidc: OidcOptionDto | null;
}

export class OidcReturnQuery {
  @ApiPropertyOptional({ example: '/notes', description: 'a path of the app to open afterwards (default `/`)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  returnTo?: string;
}

export class OidcLinkDto {
  @ApiProperty({ nullable: true, type: String, example: 'Sign in with Authentik' }) buttonLabel: string;
  @ApiProperty() linked: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) linkedDate: Date | null;
}

export class StartOidcLinkDto {
  @ApiPropertyOptional({ example: '/account', description: 'the app’s path to come back to (default `/account`)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  returnTo?: string;
}

export class OidcRedirectDto {
  @ApiProperty({ description: 'open it in the browser: the provider, then back to `returnTo` with `?oidc=linked` or `?error=CODE`' }) url: string;
}

export class UnlinkOidcDto {
  @ApiProperty({ description: 'the account’s password: unlinking needs another way in' })
  @IsString()
  @MaxLength(200)
  currentPassword: string;
}

export class EndSessionDto {
  @ApiProperty({ description: 'open it in the browser to sign out at the identity provider too' }) endSessionUrl: string;
}

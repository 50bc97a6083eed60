import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiFoundResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Public, SessionOnly } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { Client, RequestClient } from '../../../common/http/client-info';
import { AppConfig } from '../../../config/app-config';
import { AuthRateLimit } from '../guards/auth-throttler.guard';
import { setRefreshCookie } from '../refresh-cookie';
import { OidcLinkDto, OidcRedirectDto, OidcReturnQuery, SignInOptionsDto, StartOidcLinkDto, UnlinkOidcDto } from './dto/oidc.dto';
import { OidcService } from './oidc.service';

/** The cookie that binds a sign-in under way to the browser that began it. */
const BROWSER_COOKIE = 'oidc_browser';
const BROWSER_COOKIE_PATH = '/api/v1/session/oidc';

function setBrowserCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  // Lax: the provider sends the browser back with a top-level GET, which Lax cookies go with
  reply.setCookie(BROWSER_COOKIE, value, { httpOnly: true, path: BROWSER_COOKIE_PATH, secure: config.cookieSecure, sameSite: 'lax', maxAge: 600 });
}

@ApiTags('Session')
@Controller('session')
export class OidcSessionController {
  constructor(
    private readonly oidc: OidcService,
    private readonly config: AppConfig,
  ) {}

  @Get('options')
  @Public()
  @ApiOperation({ summary: 'What the sign-in page offers: password sign-in, and the identity provider’s button' })
  @ApiOkResponse({ type: SignInOptionsDto })
  options(): SignInOptionsDto {
    const settings = this.oidc.settings;
    return {
      localLogin: this.config.localLogin,
      oidc: settings ? { buttonLabel: settings.buttonLabel, url: '/api/v1/session/oidc' } : null,
    };
  }

  @Get('oidc')
  @Public()
  @AuthRateLimit(60)
  @ApiOperation({
    summary: 'Sign in with the identity provider (a browser navigation)',
    description:
      'Redirects to the provider (authorization code flow with PKCE, state and nonce). The provider sends the browser back to ' +
      '/api/v1/session/oidc/callback. 404 without OIDC_ISSUER.',
  })
  @ApiFoundResponse({ description: 'to the identity provider' })
  @ApiProblems(400, 404, 429)
  async begin(@Query() query: OidcReturnQuery, @Res() reply: FastifyReply): Promise<void> {
    const { url, browserSecret } = await this.oidc.begin(query.returnTo);
    setBrowserCookie(reply, this.config, browserSecret);
    reply.header('cache-control', 'no-store').redirect(url, 302);
  }

  @Get('oidc/callback')
  @Public()
  @AuthRateLimit(60)
  @ApiOperation({
    summary: 'The identity provider’s answer (a browser navigation)',
    description:
      'Checks state (single use, this browser’s), the PKCE verifier and the ID token (signature, iss, aud, exp, nonce), then signs in as ' +
      'POST /session does (the refresh cookie; the session is listed as signed in with OIDC_BUTTON_LABEL) and redirects to the app. ' +
      'Any failure redirects to {APP_URL}/sign-in?error=CODE (OIDC_STATE_INVALID, OIDC_REFUSED, OIDC_TOKEN_INVALID, OIDC_UNKNOWN_ACCOUNT, ' +
      'OIDC_EMAIL_REQUIRED, OIDC_UNAVAILABLE, REGISTRATION_PENDING, …).',
  })
  @ApiFoundResponse({ description: 'to the app' })
  @ApiProblems(404, 429)
  async callback(@Req() request: FastifyRequest, @Client() client: RequestClient, @Res() reply: FastifyReply): Promise<void> {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const outcome = await this.oidc.callback(query, request.cookies?.[BROWSER_COOKIE], client);
    reply.clearCookie(BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH });
    reply.header('cache-control', 'no-store');
    const app = this.config.appUrl;
    if (outcome.kind === 'signed-in') {
      setRefreshCookie(reply, this.config, outcome.signedIn.refreshToken, outcome.signedIn.refreshExpires);
      return void reply.redirect(`${app}${outcome.returnTo}`, 302);
    }
    if (outcome.kind === 'linked') return void reply.redirect(`${app}${withQuery(outcome.returnTo, 'oidc', 'linked')}`, 302);
    const page = outcome.returnTo ?? '/sign-in';
    reply.redirect(`${app}${withQuery(page, 'error', outcome.code)}`, 302);
  }
}

function withQuery(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

@ApiTags('Account')
@ApiBearerAuth()
@SessionOnly()
@ApiProblems(401, 404)
@Controller('account/oidc')
export class OidcAccountController {
  constructor(
    private readonly oidc: OidcService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Whether my account is linked to the identity provider', description: '404 without OIDC_ISSUER.' })
  @ApiOkResponse({ type: OidcLinkDto })
  async get(@CurrentUser() user: AuthUser): Promise<OidcLinkDto> {
    const link = await this.oidc.linkOf(user.userId);
    return { buttonLabel: this.oidc.settings!.buttonLabel, ...link };
  }

  @Post('link')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Begin linking my account to the identity provider',
    description: 'Answers the provider’s address to open in this browser (and sets the cookie that binds it); the provider then sends it back to returnTo.',
  })
  @ApiOkResponse({ type: OidcRedirectDto })
  @ApiProblems(400)
  async link(@CurrentUser() user: AuthUser, @Body() dto: StartOidcLinkDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<OidcRedirectDto> {
    const { url, browserSecret } = await this.oidc.begin(dto.returnTo ?? '/account', user.userId);
    setBrowserCookie(reply, this.config, browserSecret);
    return { url };
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Unlink the identity provider',
    description: 'Needs the account’s password (400 INVALID_PASSWORD); refused while password sign-in is off (409 OIDC_LAST_WAY_IN).',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 409)
  async unlink(@CurrentUser() user: AuthUser, @Body() dto: UnlinkOidcDto): Promise<void> {
    await this.oidc.unlink(user.userId, dto.currentPassword);
  }
}

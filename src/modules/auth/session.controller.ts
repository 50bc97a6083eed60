import { Body, Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, SessionOnly } from '../../common/auth/decorators';
import { AppError } from '../../common/errors/app-error';
import { ApiProblems } from '../../common/http/api-problems';
import { Client, RequestClient } from '../../common/http/client-info';
import { AppConfig } from '../../config/app-config';
import { AuthService, SignedIn } from './auth.service';
import { AccessTokenDto, LoginDto } from './dto/login.dto';
import { AuthRateLimit } from './guards/auth-throttler.guard';
import { LocalLoginOnly } from './guards/local-login.guard';
import { EndSessionDto } from './oidc/dto/oidc.dto';
import { OidcService } from './oidc/oidc.service';
import { clearRefreshCookie, isAllowedOrigin, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';

@ApiTags('Session')
@SessionOnly()
@Controller('session')
export class SessionController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly oidc: OidcService,
  ) {}

  @Post()
  @Public()
  @LocalLoginOnly()
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Log in',
    description:
      'Checked in this order: user, password, email confirmed (else the confirmation mail is re-sent), registration status, group. ' +
      'Returns the access token and sets the HttpOnly `refresh_token` cookie.',
  })
  @ApiOkResponse({ type: AccessTokenDto, headers: { 'Set-Cookie': { description: 'refresh_token; HttpOnly; Path=/api/v1/session' } } })
  @ApiProblems(400, 401, 403, 429)
  async login(@Body() dto: LoginDto, @Client() client: RequestClient, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.auth.login(dto, client);
    return this.respond(reply, result);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiCookieAuth('refresh')
  @ApiOperation({
    summary: 'Rotate the refresh cookie and get a new access token',
    description:
      'Single use: the presented token is replaced (same expiry). Presenting an already-rotated token revokes the session (REFRESH_REUSED), ' +
      'except within the grace window right after rotation (REFRESH_RACE). ' +
      'Requests from an Origin other than the service’s own, APP_URL’s or one of CORS_ORIGINS are refused. ' +
      'Limited to 60 a minute per session and 300 a minute per client ' +
      'IP (RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE, RATE_LIMIT_REFRESH_PER_IP_PER_MINUTE): 429 RATE_LIMITED with Retry-After.',
  })
  @ApiOkResponse({ type: AccessTokenDto })
  @ApiProblems(401, 403, 429)
  async refresh(@Req() request: FastifyRequest, @Client() client: RequestClient, @Res({ passthrough: true }) reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin && !isAllowedOrigin(request, origin, this.config)) {
      throw AppError.forbidden('ORIGIN_FORBIDDEN', 'Refresh is not allowed from this origin');
    }
    try {
      const result = await this.auth.refresh(request.cookies?.[REFRESH_COOKIE], client);
      return this.respond(reply, result);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_REFRESH') clearRefreshCookie(reply, this.config);
      throw error;
    }
  }

  @Delete()
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Log out: revoke this session and clear the refresh cookie',
    description:
      'A session that began at the identity provider answers 200 with `endSessionUrl` when the provider has an end_session_endpoint: ' +
      'open it to sign out there too (it comes back to {APP_URL}/sign-in).',
  })
  @ApiNoContentResponse()
  @ApiOkResponse({ type: EndSessionDto, description: 'the session began at the identity provider' })
  @ApiProblems(401)
  async logout(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<EndSessionDto | undefined> {
    const ended = await this.auth.logout(user.sessionId);
    clearRefreshCookie(reply, this.config);
    const endSessionUrl = ended?.signedInWith ? await this.oidc.endSessionUrl(ended.idTokenHint) : null;
    if (!endSessionUrl) return undefined;
    reply.status(200);
    return { endSessionUrl };
  }

  private respond(reply: FastifyReply, result: SignedIn): AccessTokenDto {
    setRefreshCookie(reply, this.config, result.refreshToken, result.refreshExpires);
    reply.header('cache-control', 'no-store');
    return { accessToken: result.accessToken, tokenType: result.tokenType, expiresIn: result.expiresIn };
  }
}

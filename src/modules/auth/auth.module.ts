import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { UsersModule } from '../users/users.module';
import { GroupsModule } from '../groups/groups.module';
import { LocalLoginGuard } from './guards/local-login.guard';
import { OidcAccountController, OidcSessionController } from './oidc/oidc.controller';
import { OidcRepository } from './oidc/oidc.repository';
import { OidcService } from './oidc/oidc.service';
import { OidcLogin } from './oidc/oidc-login.entity';
import { UserIdentity } from './oidc/user-identity.entity';
import { AccessTokenService } from './access-token.service';
import { AccessTokenStrategy } from './access-tokens/access-token.strategy';
import { AccessTokensController, UserAccessTokensController } from './access-tokens/access-tokens.controller';
import { AccessTokensRepository } from './access-tokens/access-tokens.repository';
import { AccessTokensService } from './access-tokens/access-tokens.service';
import { AccessToken } from './access-tokens/access-token.entity';
import { EmailConfirmationsModule } from '../account/email-confirmations.module';
import { AuthService } from './auth.service';
import { Session } from './entities/session.entity';
import { AuthThrottlerGuard } from './guards/auth-throttler.guard';
import { JwtAuthGuard } from './guards/jwt-auth.guard';
import { ModulesGuard } from './guards/modules.guard';
import { RolesGuard } from './guards/roles.guard';
import { JwtStrategy } from './jwt.strategy';
import { SessionController } from './session.controller';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    GroupsModule,
    EmailConfirmationsModule,
    TypeOrmModule.forFeature([Session, AccessToken, OidcLogin, UserIdentity]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwt.signKey as any,
        // signing only: bearer tokens are verified by JwtStrategy, with its options
        signOptions: { algorithm: config.jwt.algorithm },
      }),
    }),
  ],
  controllers: [SessionController, OidcSessionController, SessionsController, AccessTokensController, UserAccessTokensController, OidcAccountController],
  providers: [
    AuthService,
    SessionsService,
    SessionsRepository,
    AccessTokenService,
    JwtStrategy,
    AccessTokensRepository,
    AccessTokensService,
    AccessTokenStrategy,
    OidcRepository,
    OidcService,
    LocalLoginGuard,
    AuthThrottlerGuard,
    // deny by default: authentication first, then role, then module
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: ModulesGuard },
  ],
  exports: [SessionsService, AccessTokenService, AccessTokensService, LocalLoginGuard],
})
export class AuthModule {}

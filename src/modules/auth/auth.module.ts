import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { UsersModule } from '../users/users.module';
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
    EmailConfirmationsModule,
    TypeOrmModule.forFeature([Session, AccessToken]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwt.signKey as any,
        // signing only: bearer tokens are verified by JwtStrategy, with its options
        signOptions: { algorithm: config.jwt.algorithm },
      }),
    }),
  ],
  controllers: [SessionController, SessionsController, AccessTokensController, UserAccessTokensController],
  providers: [
    AuthService,
    SessionsService,
    SessionsRepository,
    AccessTokenService,
    JwtStrategy,
    AccessTokensRepository,
    AccessTokensService,
    AccessTokenStrategy,
    AuthThrottlerGuard,
    // deny by default: authentication first, then role, then module
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: ModulesGuard },
  ],
  exports: [SessionsService, AccessTokenService, AccessTokensService],
})
export class AuthModule {}

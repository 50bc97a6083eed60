import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { createRootLogger } from './infrastructure/logging/root-logger';
import { ProblemFilter } from './common/errors/problem.filter';
import { RequestContextModule } from './common/http/request-context.module';
import { ClockModule } from './common/clock/clock';
import { DatabaseModule } from './database/database.module';
import { AppValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { JobsModule } from './infrastructure/jobs/jobs.module';
import { RateLimitModule } from './infrastructure/rate-limit/rate-limit.module';
import { RateLimitStore } from './infrastructure/rate-limit/rate-limit.store';
import { StorageModule } from './infrastructure/storage/storage.module';
import { AdminModule } from './modules/admin/admin.module';
import { CaptchaModule } from './infrastructure/captcha/captcha.module';
import { MailModule } from './infrastructure/mail/mail.module';
import { AuthModule } from './modules/auth/auth.module';
import { BudgetModule } from './modules/budget/budget.module';
import { FilesModule } from './modules/files/files.module';
import { AccountModule } from './modules/account/account.module';
import { EmailConfirmationsModule } from './modules/account/email-confirmations.module';
import { HousekeepingModule } from './modules/housekeeping/housekeeping.module';
import { GeocodeModule } from './modules/geocode/geocode.module';
import { GroupsModule } from './modules/groups/groups.module';
import { HealthModule } from './modules/health/health.module';
import { HistoryModule } from './modules/history/history.module';
import { LiveModule } from './modules/live/live.module';
import { MarkersModule } from './modules/markers/markers.module';
import { NotesModule } from './modules/notes/notes.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { CalendarExchangeModule } from './modules/calendar/calendar-exchange.module';
import { CaldavModule } from './modules/caldav/caldav.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { RegistrationsModule } from './modules/registrations/registrations.module';
import { SearchModule } from './modules/search/search.module';
import { UsersModule } from './modules/users/users.module';
import { BackupModule } from './modules/backup/backup.module';
import { ExportModule } from './modules/export/export.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rootLogger: Logger = createRootLogger(config)): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // the request context is entered by the global JWT guard (see JwtAuthGuard): no middleware,
        // which on Fastify costs far more than the context itself, and no no-op global enhancers
        RequestContextModule,
        // the shared root logger, and no request middleware: requests are logged once each, on
        // completion, by a Fastify hook (app.factory.ts)
        LoggerModule.forRoot({ pinoHttp: { logger: rootLogger }, forRoutes: [] }),
        TypeOrmModule.forRoot({
          // never migrates: prepareDatabase does, before Nest starts, on a DataSource of its own
          ...dataSourceOptions(config.databaseUrl, { migrations: [] }, config.databaseTimeoutMs),
          retryAttempts: 3,
        }),
        DatabaseModule,
        ClockModule,
        RateLimitModule,
        JobsModule,
        StorageModule,
        MailModule,
        CaptchaModule,
        ThrottlerModule.forRootAsync({
          inject: [AppConfig, RateLimitStore],
          useFactory: (cfg: AppConfig, storage: RateLimitStore) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: cfg.rateLimit.authPerMinute }],
            storage,
            skipIf: () => !cfg.rateLimit.enabled,
          }),
        }),
        HistoryModule,
        UsersModule,
        GroupsModule,
        AuthModule,
        FilesModule,
        EmailConfirmationsModule,
        AccountModule,
        HousekeepingModule,
        HealthModule,
        MarkersModule,
        GeocodeModule,
        NotesModule,
        CalendarModule,
        CalendarExchangeModule,
        CaldavModule,
        NotificationsModule,
        SearchModule,
        RegistrationsModule,
        BackupModule,
        ExportModule,
        AdminModule,
        BudgetModule,
        LiveModule,
      ],
      providers: [
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: ProblemFilter },
      ],
    };
  }
}

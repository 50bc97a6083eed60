import { Global, Module } from '@nestjs/common';
import { Sql } from './sql';
import { UnitOfWork } from './transaction';

/** The database access every feature's services and repositories share: transactions and the direct pool. */
@Global()
@Module({ providers: [Sql, UnitOfWork], exports: [Sql, UnitOfWork] })
export class DatabaseModule {}

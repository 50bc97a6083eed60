import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';

/** What PostgreSQL said about a failed statement: its SQLSTATE and, for a key violation, the constraint. */
export interface StatementFailure {
  code?: string;
  constraint?: string;
}

/**
 * PostgreSQL's answer to a failed statement, whichever way it was sent: TypeORM wraps node-postgres's
 * error (`driverError`), `Sql` throws it as it is. Undefined for any other error.
 */
export function statementFailure(error: unknown): StatementFailure | undefined {
  if (error instanceof QueryFailedError) return (error as QueryFailedError & { driverError?: StatementFailure }).driverError;
  if (error instanceof DatabaseError) return error;
  return undefined;
}

/** Postgres foreign-key violation: a row is still referenced (a concurrent insert won a race). */
export function isForeignKeyViolation(error: unknown): boolean {
  return statementFailure(error)?.code === '23503';
}

import { statement } from '../../database/sql';

/**
 * The oldest transaction of this database that may still be running, else the next one to be
 * handed out (`hearth_oldest_running`: migration LiveCursorOrder): every history row of an older
 * transaction is committed, or never will be.
 */
export const HISTORY_HORIZON = statement(
  'history_horizon',
  'SELECT least(hearth_oldest_running(), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)::text AS tx',
);

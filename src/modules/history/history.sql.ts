import { statement } from '../../database/sql';
import type { ActionHistory } from './entities/action-history.entity';

/**
 * The oldest transaction of this database that may still be running, else the next one to be
 * handed out (`hearth_oldest_running`: migration LiveCursorOrder): every history row of an older
 * transaction is committed, or never will be.
 */
export const HISTORY_HORIZON = statement(
  'history_horizon',
  'SELECT least(hearth_oldest_running(), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)::text AS tx',
);

/** A history row as the list and the live replay read it: every column, named as the entity's fields. */
export type HistoryRow = Pick<
  ActionHistory,
  | 'id'
  | 'groupId'
  | 'adminOnly'
  | 'privateToUserId'
  | 'tx'
  | 'seq'
  | 'entityType'
  | 'entityId'
  | 'parentId'
  | 'action'
  | 'changes'
  | 'userId'
  | 'userNickname'
  | 'entityLabel'
  | 'parentLabel'
  | 'createdDate'
>;

const COLUMNS = `h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"`;

/** Whose reading a statement answers: an admin, a member, or a member who also gets the administration rows about their own account. */
export type HistoryReader = 'admin' | 'member' | 'memberOwnAccount';

/**
 * The visibility rule (visibility.ts; `canSee` is the same rule in memory) on `h`, for a viewer whose
 * id is $1 and group $2, where $3 lists the entity types of the modules the group lacks:
 * a private entity's row only for its creator; no row of a missing module; administration rows for
 * admins (any group), and, for `memberOwnAccount`, the rows about the viewer's own account; every
 * other row for members of its group.
 */
function visibleTo(reader: HistoryReader): string {
  const common = `(h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))`;
  if (reader === 'admin') return `${common} AND (h.group_id = $2 OR h.admin_only = true)`;
  const own = reader === 'memberOwnAccount' ? ` OR (h.admin_only = true AND h.entity_type = 'User' AND h.entity_id = $1)` : '';
  return `${common} AND ((h.group_id = $2 AND h.admin_only = false)${own})`;
}

/** GET /action-histories' filters, each off when null: $4 entity type, $5 entity id, $6 acting user, $7 action, from $8, before $9. */
const LIST_FILTERS = `($4::varchar IS NULL OR h.entity_type = $4) AND ($5::uuid IS NULL OR h.entity_id = $5)
   AND ($6::uuid IS NULL OR h.user_id = $6) AND ($7::varchar IS NULL OR h.action = $7)
   AND ($8::timestamptz IS NULL OR h.created_date >= $8) AND ($9::timestamptz IS NULL OR h.created_date < $9)`;

const listPage = (reader: HistoryReader) => `SELECT ${COLUMNS}
  FROM action_histories h
 WHERE ${visibleTo(reader)}
   AND ${LIST_FILTERS}
 ORDER BY h.created_date DESC, h.id DESC
 LIMIT $10 OFFSET $11`;

const listCount = (reader: HistoryReader) => `SELECT count(*)::int AS count
  FROM action_histories h
 WHERE ${visibleTo(reader)}
   AND ${LIST_FILTERS}`;

/**
 * GET /action-histories, newest first ($1-$9 as above, $10 page size, $11 offset), and its total,
 * for an admin and for a member. Sent unnamed, so each is planned with its values: which filters
 * are on decides which of the table's indexes serves it.
 */
export const HISTORY_PAGE_SQL = { admin: listPage('admin'), member: listPage('member') } as const;
export const HISTORY_COUNT_SQL = { admin: listCount('admin'), member: listCount('member') } as const;

/** One source of a replay, in cursor order: `where` picks its rows (the cursor is $4 tx, $5 seq; at most $6). */
const afterBranch = (where: string) => `(SELECT ${COLUMNS}
  FROM action_histories h
 WHERE ${where} AND (h.tx, h.seq) > ($4::bigint, $5::bigint)
   AND (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))
 ORDER BY h.tx, h.seq
 LIMIT $6)`;

/**
 * The visibility rule split into sources that each read through an index in cursor order, so a
 * replay reads only the viewer's group and the administration rows, never every group's history:
 * the group's rows (`ix_action_histories_group_cursor`, which starts with the group) and, for an
 * admin, the administration rows of other groups (`ix_action_histories_admin_cursor`), for a
 * member, those about their own account (that index too, or `ix_action_histories_entity`).
 */
const after = (reader: 'admin' | 'memberOwnAccount') =>
  statement(
    `history_after_${reader === 'admin' ? 'admin' : 'member'}`,
    `SELECT h.* FROM (
${
  reader === 'admin'
    ? `${afterBranch('h.group_id = $2')}
UNION ALL
${afterBranch('h.admin_only = true AND h.group_id IS DISTINCT FROM $2')}`
    : `${afterBranch('h.group_id = $2 AND h.admin_only = false')}
UNION ALL
${afterBranch(`h.admin_only = true AND h.entity_type = 'User' AND h.entity_id = $1`)}`
}) h
 ORDER BY h.tx, h.seq
 LIMIT $6`,
  );

/**
 * The replay of a resumed live stream: the rows after the cursor ($4 tx, $5 seq) the viewer ($1-$3
 * as above) may see by the rule of live events (a member's own account rows too), in cursor order,
 * at most $6. The same rule as `visibleTo` (test/history/visibility.e2e-spec.ts compares them).
 */
export const HISTORY_AFTER = { admin: after('admin'), member: after('memberOwnAccount') } as const;

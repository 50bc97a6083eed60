import { statement } from '../../../database/sql';

/* The statements of the calendar's feeds (CalendarFeedsService). */

export interface FeedRow {
  id: string;
  name: string;
  layers: string[];
  only_mine: boolean;
  created_date: Date;
}

/** A feed's owner as the read sees them now: in the feed's group, active, and what their group allows. */
export interface FeedOwnerRow extends FeedRow {
  user_id: string;
  nickname: string;
  group_id: string;
  role: 'User' | 'Admin';
  perms_version: number;
  currency: string;
  modules: string[];
  time_zone: string | null;
}

const FEED_COLUMNS = 'f.id, f.name, f.layers, f.only_mine, f.created_date';

export const FEED_INSERT = statement(
  'calendar_feed_insert',
  `INSERT INTO calendar_feeds (id, user_id, group_id, name, layers, only_mine, token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
   RETURNING id, name, layers, only_mine, created_date`,
);

/** The feeds of the user $1 in the group $2, newest first. */
export const FEEDS_OF_USER = statement(
  'calendar_feeds_of_user',
  `SELECT ${FEED_COLUMNS} FROM calendar_feeds f WHERE f.user_id = $1 AND f.group_id = $2 ORDER BY f.created_date DESC, f.id`,
);

/** The user $1's feeds, at most $2 kept: the count. */
export const FEEDS_COUNT = statement('calendar_feeds_count', `SELECT count(*)::int AS count FROM calendar_feeds f WHERE f.user_id = $1`);

export const FEED_DELETE = statement(
  'calendar_feed_delete',
  `DELETE FROM calendar_feeds f WHERE f.id = $1 AND f.user_id = $2 RETURNING f.id, f.user_id, f.group_id, f.name`,
);

/**
 * The feed with the token hash $1 and its owner, only while the owner is active, still in the
 * feed's group, and the group has the calendar.
 */
export const FEED_BY_TOKEN = statement(
  'calendar_feed_by_token',
  `SELECT ${FEED_COLUMNS}, u.id AS user_id, u.nickname, u.group_id, u.role, u.perms_version, g.currency, g.modules, ns.time_zone
     FROM calendar_feeds f
     JOIN users u ON u.id = f.user_id AND u.group_id = f.group_id AND u.status = 'Active'
     JOIN groups g ON g.id = f.group_id AND 'Calendar' = ANY(g.modules)
     LEFT JOIN notification_settings ns ON ns.user_id = u.id
    WHERE f.token_hash = $1`,
);

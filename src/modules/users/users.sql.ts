import { Statement, statement } from '../../database/sql';
import type { User } from './entities/user.entity';

/*
 * Named statements of `users` (UsersRepository). Writes the history records (a new user, a status,
 * role or group change, a removal) go through save()/remove() instead, so the history subscriber
 * sees them; these are the reads and the writes the history never shows (hashes, PermsVersion).
 */

/** What sign-in and refresh read: the user, their group's currency and modules (one join). */
const SIGN_IN = `SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id`;

/** The login hot path. ($1 username, case-sensitive) */
export const USER_SIGN_IN_BY_USERNAME = statement('user_sign_in_by_username', `${SIGN_IN} WHERE u.username = $1`);

/** A refresh. ($1 user id) */
export const USER_SIGN_IN_BY_ID = statement('user_sign_in_by_id', `${SIGN_IN} WHERE u.id = $1`);

/** A new hash of the same password (a cost change), unless the password changed meanwhile. ($1 new hash, $2 user id, $3 old hash) */
export const USER_REHASH_PASSWORD = statement('user_rehash_password', 'UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3');

export const USER_PASSWORD_HASH = statement('user_password_hash', 'SELECT password_hash FROM users WHERE id = $1');

/** Locks the user whose confirmed (or being-changed) address is $1 (lower case) until the transaction ends. */
export const USER_LOCK_BY_CONFIRMED_EMAIL = statement(
  'user_lock_by_confirmed_email',
  `SELECT id FROM users WHERE lower(email) = $1 AND email_status IN ('Confirmed', 'ChangePending') FOR UPDATE`,
);

/** Another user ($2 is the asking one) holds the address $1 (lower case). */
export const USER_EMAIL_TAKEN_BY_OTHER = statement('user_email_taken_by_other', 'SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2');

/**
 * Raises PermsVersion of every user of the group $1: a bulk write that bypasses the history
 * subscriber on purpose (UsersRepository#raiseGroupPermsVersion).
 */
export const USERS_RAISE_GROUP_PERMS_VERSION = statement(
  'users_raise_group_perms_version',
  'UPDATE users SET perms_version = perms_version + 1, updated_date = CURRENT_TIMESTAMP WHERE group_id = $1',
);

export const USERS_HAS_ACTIVE_ADMIN = statement('users_has_active_admin', `SELECT 1 FROM users WHERE role = 'Admin' AND status = 'Active' LIMIT 1`);

/** Addresses (and languages) of the Active admins who can receive mail. */
export const USERS_MAILABLE_ADMIN_EMAILS = statement(
  'users_mailable_admin_emails',
  `SELECT email, locale FROM users WHERE role = 'Admin' AND status = 'Active' AND email_status <> 'Unconfirmed'`,
);

/** Pending registrations with a confirmed address, oldest first. */
export const USERS_AWAITING_APPROVAL = statement(
  'users_awaiting_approval',
  `SELECT id, username, nickname, email, created_date AS "createdDate"
     FROM users WHERE status = 'Pending' AND email_status <> 'Unconfirmed'
    ORDER BY created_date, id`,
);

export const USERS_COUNT_ACTIVE_BY_GROUP = statement(
  'users_count_active_by_group',
  `SELECT group_id, count(*)::int AS count FROM users WHERE status = 'Active' AND group_id IS NOT NULL GROUP BY group_id`,
);

export const USERS_COUNT_ACTIVE_OF_GROUP = statement(
  'users_count_active_of_group',
  `SELECT count(*)::int AS count FROM users WHERE group_id = $1 AND status = 'Active'`,
);

/** The Active members of the group $1, by nickname. */
export const USERS_ACTIVE_MEMBERS = statement(
  'users_active_members',
  `SELECT id, nickname, role, picture_file_id FROM users WHERE group_id = $1 AND status = 'Active' ORDER BY lower(nickname), id`,
);

/** The Active admins, oldest first. */
export const USERS_ACTIVE_ADMINS = statement(
  'users_active_admins',
  `SELECT id, nickname, email, locale FROM users WHERE role = 'Admin' AND status = 'Active' ORDER BY created_date, id`,
);

/**
 * Pending registrations created before $1 (and from $2) still unconfirmed, with no confirmation
 * token issued $3 days or more after sign-up (the reminder), oldest first.
 */
export const USERS_UNCONFIRMED_TO_WARN = statement(
  'users_unconfirmed_to_warn',
  `SELECT u.id, u.created_date FROM users u
    WHERE u.email_status = 'Unconfirmed' AND u.status = 'Pending'
      AND u.created_date < $1 AND u.created_date >= $2
      AND NOT EXISTS (SELECT 1 FROM account_tokens t WHERE t.user_id = u.id AND t.purpose = 'EmailConfirm'
                       AND t.created_date >= u.created_date + make_interval(days => $3))
    ORDER BY u.created_date LIMIT 1000`,
);

/** Up to $2 Pending, unconfirmed registrations created before $1, oldest first. */
export const USERS_UNCONFIRMED_IDS_BEFORE = statement(
  'users_unconfirmed_ids_before',
  `SELECT id FROM users WHERE email_status = 'Unconfirmed' AND status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT $2`,
);

/** The columns of the admin list (GET /users), named as the entity's fields: a UserListRow. */
const LIST_COLUMNS = `u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"`;

/** A row of the admin list: the fields of User it shows. */
export type UserListRow = Pick<User, 'id' | 'username' | 'nickname' | 'email' | 'emailStatus' | 'role' | 'status' | 'groupId' | 'createdDate'>;

/**
 * The admin list's filters, each off when its parameter is null: $1 status, $2 group id, $3 a LIKE
 * pattern matched against username, nickname and email, case-insensitively.
 */
const LIST_FILTER = `($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)`;

/** The SQL column behind each `sort` key of GET /users. */
const LIST_SORT_COLUMNS = { createdDate: 'u.created_date', username: 'u.username', nickname: 'u.nickname' } as const;

export type UserSortKey = keyof typeof LIST_SORT_COLUMNS;

function listName(sort: UserSortKey, direction: 'ASC' | 'DESC'): string {
  return `users_page_${sort}_${direction.toLowerCase()}`;
}

/**
 * GET /users: one page of the filtered users, by the sort key in its direction, ties by id; one
 * statement per sort key and direction (`users_page_<sort>_<asc|desc>`). $1-$3 the filters, $4 the
 * page size, $5 the offset.
 */
export const USERS_PAGE: Readonly<Record<string, Statement>> = Object.freeze(
  Object.fromEntries(
    (Object.keys(LIST_SORT_COLUMNS) as UserSortKey[]).flatMap((sort) =>
      (['ASC', 'DESC'] as const).map((direction) => [
        listName(sort, direction),
        statement(
          listName(sort, direction),
          `SELECT ${LIST_COLUMNS}
  FROM users u
 WHERE ${LIST_FILTER}
 ORDER BY ${LIST_SORT_COLUMNS[sort]} ${direction}, u.id ${direction}
 LIMIT $4 OFFSET $5`,
        ),
      ]),
    ),
  ),
);

export function usersPageStatement(sort: UserSortKey, direction: 'ASC' | 'DESC'): Statement {
  return USERS_PAGE[listName(sort, direction)];
}

/** GET /users: how many users pass the filters ($1-$3 as USERS_PAGE). */
export const USERS_PAGE_COUNT = statement('users_page_count', `SELECT count(*)::int AS count FROM users u WHERE ${LIST_FILTER}`);

/**
 * What the notifier needs of recipients: the Active users among the ids $1 or, with $2, every Active
 * member of the groups $2. `locale` is the language of their notifications (English until they choose one).
 */
const RECIPIENT_COLUMNS = `id, group_id, nickname, email, COALESCE(locale, 'en') AS locale`;

export const USERS_RECIPIENTS_BY_ID = statement(
  'users_recipients_by_id',
  `SELECT ${RECIPIENT_COLUMNS} FROM users WHERE id = ANY($1::uuid[]) AND status = 'Active'`,
);

export const USERS_RECIPIENTS_OF_GROUPS = statement(
  'users_recipients_of_groups',
  `SELECT ${RECIPIENT_COLUMNS} FROM users WHERE group_id = ANY($1::uuid[]) AND status = 'Active'`,
);

export interface RecipientRow {
  id: string;
  group_id: string;
  nickname: string;
  email: string;
  locale: string;
}

/** The user `alias` is an Active member of the group `group` now (a SQL condition, for the statements that ask it). */
export function activeMemberOf(alias: string, group: string): string {
  return `${alias}.group_id = ${group} AND ${alias}.status = 'Active'`;
}

/**
 * Whether the user `id` (a SQL expression) is an Active member of the group `group` now: a SQL
 * condition for another feature's statement, which so names no table of users.
 */
export function isActiveMember(id: string, group: string): string {
  return `EXISTS (SELECT 1 FROM users u WHERE u.id = ${id} AND ${activeMemberOf('u', group)})`;
}

/** Of the ids $2, those of Active members of the group $1 (who may take part in a shared cost). */
export const USERS_ACTIVE_MEMBERS_AMONG = statement(
  'users_active_members_among',
  `SELECT u.id FROM users u WHERE u.id = ANY($2::uuid[]) AND ${activeMemberOf('u', '$1')}`,
);

/** Nicknames of the users $1, with whether each is an Active member of the group $2 now (balances name former members too). */
export const USERS_NICKNAMES = statement(
  'users_nicknames',
  `SELECT id, nickname, (group_id IS NOT DISTINCT FROM $2::uuid AND status = 'Active') AS "isMember" FROM users WHERE id = ANY($1::uuid[])`,
);

/**
 * The one scratch database every scenario of `npm run bench` shares: 1 M transactions in one group
 * (bench/budget.ts, set-based and trigger-kept), 2 000 markers (a few with images), 200 notes × 10
 * items, and the bench user's password hashed at the configured bcrypt cost (what logins pay).
 */
import * as bcrypt from 'bcrypt';
import { Client } from 'pg';
import { newId } from '../src/database/base.entity';
import { migrate, seed, Seeded } from './budget';

export const MARKERS = 2_000;
export const NOTES = 200;
export const ITEMS_PER_NOTE = 10;
/** markers (by rank in the default newest-first order, 1-based) that get images */
const MARKERS_WITH_IMAGES = [1, 2, 5, 9, 17, 400, 1_500];

/** Shared transactions of the flat (docs/budget.md, "Sharing costs"): the balances benchmark's group. */
export const FLAT_TRANSACTIONS = Number(process.env.BENCH_FLAT_TRANSACTIONS ?? 100_000);
export const FLAT_USERNAME = 'bench-flat';

export interface BenchData extends Seeded {
  /** the newest marker: first in GET /markers, the detail scenario's marker (it has images) */
  markerId: string;
  /** a group of three sharing costs: FLAT_TRANSACTIONS shared expenses over 5 years, a few settlements */
  flat: { memberIds: string[]; categoryId: string };
}

/**
 * The flat: three members (the first signs in as FLAT_USERNAME), one account, one category and
 * FLAT_TRANSACTIONS expenses shared equally, paid in turn, each with the split the API would store
 * (the cent rule: the first members get the cents left), inserted set-based so the triggers keep
 * the shares and the members' day sums as in production; a settlement every 100 days.
 */
async function seedFlat(db: Client, password: string, bcryptCost: number): Promise<BenchData['flat']> {
  const groupId = newId();
  const memberIds = [newId(), newId(), newId()];
  const accountId = newId();
  const categoryId = newId();
  await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Flat', 'EUR', '{Budget}')`, [groupId]);
  const hash = await bcrypt.hash(password, bcryptCost);
  for (const [i, id] of memberIds.entries()) {
    await db.query(
      `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
       VALUES ($1, $2, $3, $4, 'Confirmed', 'Active', $5, 'User', $6)`,
      [id, i === 0 ? FLAT_USERNAME : `${FLAT_USERNAME}-${i}`, hash, `flat${i}@example.test`, ['Anna', 'Ben', 'Cleo'][i], groupId],
    );
  }
  await db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Flat', true)`, [accountId, groupId]);
  await db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, 'Shared', '#3B82F6', 'Tag', 1)`, [categoryId, groupId]);
  await db.query(
    `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, created_by_id, split)
     SELECT gen_random_uuid(), $1, 'Expense', c / 100.0, DATE '2021-01-01' + (i % 1825), 'Shared ' || i, $3, $4, m[i % 3 + 1],
            jsonb_build_object(
              'paidBy', jsonb_build_array(jsonb_build_object('userId', m[i % 3 + 1], 'amount', (c / 100.0)::numeric(14,2)::text)),
              'mode', 'equal',
              'members', jsonb_build_array(jsonb_build_object('userId', m[1], 'value', NULL), jsonb_build_object('userId', m[2], 'value', NULL),
                                           jsonb_build_object('userId', m[3], 'value', NULL)),
              'adjustments', '[]'::jsonb,
              'owed', (SELECT jsonb_agg(jsonb_build_object('userId', m[k],
                                                            'amount', ((c / 3 + CASE WHEN k <= c % 3 THEN 1 ELSE 0 END) / 100.0)::numeric(14,2)::text)
                                        ORDER BY k)
                         FROM generate_series(1, 3) AS k))
       FROM generate_series(1, $5::int) AS i, LATERAL (SELECT (i::bigint * 7919) % 20000 + 1 AS c, $2::uuid[] AS m) v`,
    [groupId, memberIds, categoryId, accountId, FLAT_TRANSACTIONS],
  );
  await db.query(
    `INSERT INTO settlements (id, group_id, from_user_id, to_user_id, amount, date, created_by_id)
     SELECT gen_random_uuid(), $1, ($2::uuid[])[i % 3 + 1], ($2::uuid[])[(i + 1) % 3 + 1], 50 + i, DATE '2021-01-01' + i * 100, ($2::uuid[])[1]
       FROM generate_series(0, 17) AS i`,
    [groupId, memberIds],
  );
  await db.query('VACUUM ANALYZE transactions, transaction_shares, member_day_balances, member_day_sums, settlements');
  return { memberIds, categoryId };
}

export async function seedAll(url: string, bcryptCost: number, password: string): Promise<BenchData> {
  await migrate(url);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const seeded = await seed(db);
    const { groupId, userId } = seeded;
    await db.query(`UPDATE groups SET modules = '{Map,Budget,Notes}' WHERE id = $1`, [groupId]);
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, await bcrypt.hash(password, bcryptCost)]);
    // marker i is i days before 2025-12-31 (distinct dates: the list's order is stable)
    await db.query(
      `INSERT INTO markers (id, group_id, title, date, rating, description, latitude, longitude, address, created_by)
       SELECT gen_random_uuid(), $1, 'Place ' || i, DATE '2025-12-31' - i, 1 + i % 5,
              '<p>Visited on day ' || i || ', <strong>worth</strong> a detour.</p>',
              47 + (i % 100) * 0.0537, 8 + (i / 100) * 0.1213,
              CASE WHEN i % 3 = 0 THEN NULL ELSE i || ' Bench Street, Benchtown' END, $2
         FROM generate_series(1, $3::int) AS i`,
      [groupId, userId, MARKERS],
    );
    // images still processing: their rows and files are read, but they carry no signed URLs (those
    // expire by the second, so two servers could not answer byte-identical bodies)
    await db.query(
      `WITH picked AS (
         SELECT m.id AS marker_id, n FROM markers m, generate_series(0, 2) AS n
          WHERE m.group_id = $1 AND m.title = ANY(SELECT 'Place ' || r FROM unnest($3::int[]) AS r)),
       f AS (
         INSERT INTO files (id, category, status, owner_user_id, group_id, storage_key, content_type, size, width, height)
         SELECT gen_random_uuid(), 'MarkerImage', 'Processing', $2, $1, 'bench/' || marker_id || '/' || n, 'image/jpeg', 120000 + n, 1600, 1200
           FROM picked RETURNING id, storage_key)
       INSERT INTO marker_images (id, group_id, marker_id, file_id, position)
       SELECT gen_random_uuid(), $1, split_part(f.storage_key, '/', 2)::uuid, f.id, split_part(f.storage_key, '/', 3)::int FROM f`,
      [groupId, userId, MARKERS_WITH_IMAGES],
    );
    // 200 notes (every 10th pinned, every 7th private to the bench user), 10 items each
    await db.query(
      `INSERT INTO notes (id, group_id, title, content, color, icon, is_private, is_pinned, created_by, created_date, updated_date)
       SELECT gen_random_uuid(), $1, 'Note ' || i, CASE WHEN i % 4 = 0 THEN NULL ELSE 'Things to remember, list ' || i END,
              '#3B82F6', 'ShoppingCart', i % 7 = 0, i % 10 = 0, $2,
              TIMESTAMPTZ '2025-01-01 00:00:00+00' + i * INTERVAL '1 hour 7 minutes 13.123456 seconds',
              TIMESTAMPTZ '2025-06-01 00:00:00+00' + i * INTERVAL '1 hour 9 minutes 3.654321 seconds'
         FROM generate_series(1, $3::int) AS i`,
      [groupId, userId, NOTES],
    );
    await db.query(
      `INSERT INTO note_items (id, group_id, note_id, text, url, is_completed, "order")
       SELECT gen_random_uuid(), $1, n.id, 'Item ' || k || ' of ' || n.title,
              CASE WHEN k % 3 = 0 THEN 'https://example.com/' || k END, k % 4 = 0, k
         FROM notes n, generate_series(0, $2::int - 1) AS k WHERE n.group_id = $1`,
      [groupId, ITEMS_PER_NOTE],
    );
    await db.query('VACUUM ANALYZE markers, marker_images, files, notes, note_items, users, groups');
    const [{ id: markerId }] = (await db.query(`SELECT id FROM markers WHERE group_id = $1 AND title = 'Place 1'`, [groupId])).rows;
    const flat = await seedFlat(db, password, bcryptCost);
    return { ...seeded, markerId, flat };
  } finally {
    await db.end();
  }
}

/** What seedAll returned, read back from a database it seeded earlier (BENCH_DATABASE). */
export async function seededData(url: string): Promise<BenchData> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const [user] = (await db.query(`SELECT id, username, group_id FROM users WHERE username = 'bench'`)).rows;
    const ids = async (text: string) => (await db.query(text, [user.group_id])).rows.map((row) => row.id as string);
    return {
      groupId: user.group_id,
      userId: user.id,
      username: user.username,
      accounts: await ids('SELECT id FROM budget_accounts WHERE group_id = $1 ORDER BY is_default DESC, name'),
      categories: await ids('SELECT id FROM categories WHERE group_id = $1 ORDER BY sort_order'),
      markerId: (await ids(`SELECT id FROM markers WHERE group_id = $1 AND title = 'Place 1'`))[0],
      flat: await flatOf(db),
    };
  } finally {
    await db.end();
  }
}

async function flatOf(db: Client): Promise<BenchData['flat']> {
  const [{ group_id: groupId }] = (await db.query('SELECT group_id FROM users WHERE username = $1', [FLAT_USERNAME])).rows;
  const members = (await db.query('SELECT id FROM users WHERE group_id = $1 ORDER BY username', [groupId])).rows;
  const [{ id: categoryId }] = (await db.query('SELECT id FROM categories WHERE group_id = $1', [groupId])).rows;
  return { memberIds: members.map((row) => row.id as string), categoryId };
}

/**
 * The bare server of `npm run bench`: what a hand-written Fastify + pg handler must do for each
 * scenario, and nothing more. It verifies Hearth's access token the way Hearth does (jsonwebtoken
 * with the same key object, algorithm, issuer and audience, from the same configuration), runs
 * Hearth's session check as the same named statement, issues exactly Hearth's SQL
 * (./statements.ts) and answers the same JSON through plain `JSON.stringify` (Fastify's default
 * for a route without a response schema). The harness checks the bodies are byte-identical.
 *
 * Run as its own process by bench/run.ts, with Hearth's environment (DATABASE_URL, JWT_*) and PORT.
 */
import * as bcrypt from 'bcrypt';
import Fastify, { FastifyReply, FastifyRequest } from 'fastify';
import * as jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { Pool, types } from 'pg';
import { loadConfig } from '../../src/config';
import { newId } from '../../src/database/base.entity';
import { SESSION_CHECK } from '../../src/modules/auth/sessions.repository';
import * as sql from './statements';

// a date column as its text, as Hearth (TypeORM) reads it; timestamps become Dates, numeric stays text
types.setTypeParser(1082, (value) => value);

const config = loadConfig(process.env);
const pool = new Pool({ connectionString: config.databaseUrl, max: 20, application_name: 'hearth-bench-bare' });
const app = Fastify();

interface Claims {
  UserId: string;
  GroupId: string;
  Nickname: string;
  Currency: string;
  Modules: string[];
  PermsVersion: number;
  SessionId: string;
}

const verifyOptions: jwt.VerifyOptions = { algorithms: [config.jwt.algorithm], issuer: config.jwt.issuer, audience: config.jwt.audience };

function problem(request: FastifyRequest, reply: FastifyReply, status: number, title: string, code: string, detail: string, errors?: { field: string; message: string }[]) {
  const body = {
    type: `https://hearth.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title,
    status,
    detail,
    code,
    instance: request.url.split('?')[0],
    requestId: randomUUID(),
    ...(errors ? { errors } : {}),
  };
  return reply.code(status).type('application/problem+json').send(JSON.stringify(body));
}

/** The token, then the session check; the caller's claims, or undefined once a 401 is sent. */
async function authenticate(request: FastifyRequest, reply: FastifyReply, module: string): Promise<Claims | undefined> {
  const header = request.headers.authorization;
  let claims: Claims;
  try {
    if (!header?.startsWith('Bearer ')) throw new Error('no token');
    claims = jwt.verify(header.slice(7), config.jwt.verifyKey, verifyOptions) as unknown as Claims;
  } catch {
    problem(request, reply, 401, 'Unauthorized', 'UNAUTHORIZED', 'Authentication required');
    return undefined;
  }
  const { rows } = await pool.query({ name: SESSION_CHECK.name, text: SESSION_CHECK.text, values: [claims.SessionId, claims.UserId] });
  const row = rows[0];
  if (!row?.live || row.status !== 'Active' || row.perms_version !== claims.PermsVersion) {
    problem(request, reply, 401, 'Unauthorized', 'SESSION_REVOKED', 'The session has ended; sign in again');
    return undefined;
  }
  if (!claims.Modules.includes(module)) {
    problem(request, reply, 403, 'Forbidden', 'MODULE_DISABLED', `The ${module} module is not enabled for this group`);
    return undefined;
  }
  return claims;
}

const send = (reply: FastifyReply, body: unknown, status = 200) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO = '0.00';
const pad = (n: number) => String(n).padStart(2, '0');

function intParam(value: unknown, fallback: number, min: number, max: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max && /^\d+$/.test(String(value)) ? n : null;
}

type Row = Record<string, any>;

function markerDto(m: Row, prefix: string, imageCount: number, coverThumbnailUrl: string | null) {
  return {
    id: m[`${prefix}_id`],
    title: m[`${prefix}_title`],
    date: m[`${prefix}_date`],
    rating: m[`${prefix}_rating`],
    description: m[`${prefix}_description`],
    latitude: m[`${prefix}_latitude`],
    longitude: m[`${prefix}_longitude`],
    address: m[`${prefix}_address`],
    createdBy: m[`${prefix}_created_by`],
    createdDate: m[`${prefix}_created_date`],
    updatedDate: m[`${prefix}_updated_date`],
    deletedDate: m[`${prefix}_deleted_date`] ?? null,
    imageCount,
    coverThumbnailUrl,
  };
}

app.get('/health', async () => ({ ok: true }));

app.get('/api/v1/markers', async (request, reply) => {
  const user = await authenticate(request, reply, 'Map');
  if (!user) return reply;
  const query = request.query as Record<string, string>;
  const page = intParam(query.page, 1, 1, 1_000_000);
  const pageSize = intParam(query.pageSize, 20, 1, 100);
  if (page === null || pageSize === null) {
    const errors = [];
    if (page === null) errors.push({ field: 'page', message: 'page must not be greater than 1000000' });
    if (pageSize === null) errors.push({ field: 'pageSize', message: 'pageSize must not be greater than 100' });
    return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed', errors);
  }
  const { rows } = await pool.query(sql.MARKERS_PAGE(pageSize, (page - 1) * pageSize), [user.GroupId]);
  const total = Number((await pool.query(sql.MARKERS_COUNT, [user.GroupId])).rows[0].cnt);
  const ids = rows.map((row) => row.m_id);
  const summaries = new Map<string, Row>();
  if (ids.length) for (const s of (await pool.query(sql.MARKER_IMAGE_SUMMARIES, [user.GroupId, ids])).rows) summaries.set(s.marker_id, s);
  // a Completed cover would add Hearth's signed-URL step; the seed has none (see docs/performance.md)
  const items = rows.map((row) => markerDto(row, 'm', summaries.get(row.m_id)?.image_count ?? 0, null));
  return send(reply, { items, page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) });
});

app.get('/api/v1/markers/:markerId', async (request, reply) => {
  const user = await authenticate(request, reply, 'Map');
  if (!user) return reply;
  const { markerId } = request.params as { markerId: string };
  if (!UUID.test(markerId)) return problem(request, reply, 400, 'Bad Request', 'INVALID_ID', 'markerId must be a UUID');
  const [marker] = (await pool.query(sql.MARKER_BY_ID, [markerId, user.GroupId])).rows;
  if (!marker) return problem(request, reply, 404, 'Not Found', 'NOT_FOUND', 'Marker not found');
  const { rows } = await pool.query(sql.MARKER_IMAGES_WITH_FILES, [markerId, user.GroupId]);
  const f = 'MarkerImage__MarkerImage_file';
  const images = rows.map((i) => ({
    id: i.MarkerImage_id,
    order: i.MarkerImage_position,
    status: i[`${f}_status`],
    url: null,
    thumbnailUrl: null,
    contentType: i[`${f}_content_type`],
    size: i[`${f}_size`],
    width: i[`${f}_width`],
    height: i[`${f}_height`],
    createdDate: i.MarkerImage_created_date,
  }));
  return send(reply, { ...markerDto(marker, 'Marker', images.length, null), images });
});

app.get('/api/v1/notes', async (request, reply) => {
  const user = await authenticate(request, reply, 'Notes');
  if (!user) return reply;
  const notes = (await pool.query(sql.NOTES_VISIBLE, [user.GroupId, user.UserId])).rows;
  if (notes.length === 0) return send(reply, []);
  const items = (await pool.query(sql.NOTE_ITEMS_OF_NOTES(notes.length), [user.GroupId, ...notes.map((n) => n.note_id)])).rows;
  const byNote = new Map<string, Row[]>(notes.map((n) => [n.note_id, []]));
  for (const item of items) byNote.get(item.NoteItem_note_id)!.push(item);
  return send(
    reply,
    notes.map((n) => ({
      id: n.note_id,
      title: n.note_title,
      content: n.note_content,
      color: n.note_color,
      icon: n.note_icon,
      isPrivate: n.note_is_private,
      isPinned: n.note_is_pinned,
      createdBy: n.note_created_by,
      createdDate: n.note_created_date,
      updatedDate: n.note_updated_date,
      items: byNote.get(n.note_id)!.map((i) => ({ id: i.NoteItem_id, text: i.NoteItem_text, url: i.NoteItem_url, isCompleted: i.NoteItem_is_completed, order: i.NoteItem_order })),
    })),
  );
});

app.post('/api/v1/notes', async (request, reply) => {
  const user = await authenticate(request, reply, 'Notes');
  if (!user) return reply;
  const body = request.body as { title?: unknown; content?: unknown; color?: unknown; icon?: unknown; isPrivate?: unknown };
  if (typeof body?.title !== 'string' || !body.title.trim() || body.title.length > 100) {
    return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed', [{ field: 'title', message: 'title should not be empty' }]);
  }
  const note = {
    id: newId(),
    title: body.title.trim(),
    content: typeof body.content === 'string' && body.content ? body.content.trim() : null,
    color: typeof body.color === 'string' ? body.color.toUpperCase() : '#3B82F6',
    icon: typeof body.icon === 'string' ? body.icon : 'ShoppingCart',
    isPrivate: body.isPrivate === true,
  };
  const client = await pool.connect();
  try {
    await client.query(sql.BEGIN);
    const [saved] = (
      await client.query(sql.NOTE_INSERT, [note.id, user.GroupId, note.title, note.content, note.color, note.icon, note.isPrivate, false, user.UserId])
    ).rows;
    const changes = {
      icon: { new: note.icon, old: null },
      color: { new: note.color, old: null },
      title: { new: note.title, old: null },
      content: { new: note.content, old: null },
      groupId: { new: user.GroupId, old: null },
      isPinned: { new: false, old: null },
      createdBy: { new: user.UserId, old: null },
      isPrivate: { new: note.isPrivate, old: null },
    };
    await client.query(sql.HISTORY_INSERT, [newId(), user.GroupId, false, note.isPrivate ? user.UserId : null, 'Note', note.id, 'Created', JSON.stringify(changes), user.UserId, user.Nickname]);
    await client.query('COMMIT');
    return send(
      reply,
      {
        id: note.id,
        title: note.title,
        content: note.content,
        color: saved.color,
        icon: saved.icon,
        isPrivate: saved.is_private,
        isPinned: saved.is_pinned,
        createdBy: user.UserId,
        createdDate: saved.created_date,
        updatedDate: saved.updated_date,
        items: [],
      },
      201,
    );
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
});

async function reportCategories(groupId: string, rows: Row[]) {
  const sums = new Map(rows.filter((row) => row.kind === 'category').map((row) => [row.category_id, row]));
  if (sums.size === 0) return [];
  const { rows: categories } = await pool.query(sql.CATEGORY_NAMES, [groupId, [...sums.keys()]]);
  return categories.map((c) => ({ categoryId: c.id, name: c.name, color: c.color, icon: c.icon, income: sums.get(c.id)!.income, expense: sums.get(c.id)!.expense }));
}

function totals(user: Claims, rows: Row[]) {
  const total = rows.find((row) => row.kind === 'total');
  return { currency: user.Currency, totalIncome: total?.income ?? ZERO, totalExpense: total?.expense ?? ZERO, net: total?.net ?? ZERO };
}

app.get('/api/v1/transactions/report/monthly', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const query = request.query as Record<string, string>;
  const year = intParam(query.year, NaN, 1900, 2100);
  const month = intParam(query.month, NaN, 1, 12);
  if (!year || !month) return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  const from = `${year}-${pad(month)}-01`;
  const until = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  const { rows } = await pool.query(sql.REPORT_SUMS_BY_DAY, [user.GroupId, from, until, null]);
  const byDay = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [row.bucket, row]));
  const days = Array.from({ length: new Date(Date.UTC(year, month, 0)).getUTCDate() }, (_, i) => {
    const date = `${year}-${pad(month)}-${pad(i + 1)}`;
    const row = byDay.get(date);
    return { date, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO };
  });
  return send(reply, { year, month, ...totals(user, rows), categories: await reportCategories(user.GroupId, rows), days });
});

app.get('/api/v1/transactions/report/yearly', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const year = intParam((request.query as Record<string, string>).year, NaN, 1900, 2100);
  if (!year) return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  const { rows } = await pool.query(sql.REPORT_SUMS_BY_MONTH, [user.GroupId, `${year}-01-01`, `${year + 1}-01-01`, null]);
  const byMonth = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [Number(row.bucket), row]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const row = byMonth.get(i + 1);
    return { month: i + 1, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO, net: row?.net ?? ZERO };
  });
  return send(reply, { year, ...totals(user, rows), categories: await reportCategories(user.GroupId, rows), months });
});

/** GET /transactions without filters, newest first (the scenarios measured): Hearth's day-count path. */
app.get('/api/v1/transactions', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const query = request.query as Record<string, string>;
  const page = intParam(query.page, 1, 1, 1_000_000);
  const pageSize = intParam(query.pageSize, 20, 1, 100);
  if (page === null || pageSize === null) return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  const [count, { rows }] = await Promise.all([
    pool.query(sql.TRANSACTIONS_DAY_COUNT_TOTAL, [user.GroupId]),
    pool.query(sql.TRANSACTIONS_PAGE_BY_DAY((page - 1) * pageSize, pageSize), [user.GroupId]),
  ]);
  const total = Number(count.rows[0].total);
  const items = rows.map((row) => ({
    id: row.id,
    type: row.type,
    amount: row.amount,
    date: row.date,
    description: row.description,
    categoryId: row.category_id,
    budgetAccountId: row.budget_account_id,
    targetBudgetAccountId: row.target_budget_account_id,
    recurringTransactionId: row.recurring_transaction_id,
    createdBy: row.created_by_id,
    createdDate: row.created_date,
  }));
  return send(reply, { items, page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) });
});

/** Login as a bare handler does it: the same user lookup, a bcrypt compare (on libuv's pool), an answer. */
app.post('/api/v1/session', async (request, reply) => {
  const body = request.body as { username?: string; password?: string };
  const [user] = (await pool.query(sql.SIGN_IN_BY_USERNAME, [body?.username])).rows;
  const valid = user ? await bcrypt.compare(String(body.password), user.password_hash) : false;
  if (!valid) return problem(request, reply, 401, 'Unauthorized', 'INVALID_CREDENTIALS', 'Invalid username or password');
  return send(reply, { userId: user.id, nickname: user.nickname });
});

pool.on('error', () => undefined);
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((error) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

/**
 * The bare server of `npm run bench`: what a hand-written Fastify + pg handler must do for each
 * scenario, and nothing more. It verifies Hearth's access token the way Hearth does (jsonwebtoken
 * with the same key object, algorithm, issuer and audience, from the same configuration), runs
 * Hearth's session check as the same named statement, issues exactly Hearth's SQL
 * (./statements.ts) and answers the same JSON through plain `JSON.stringify` (Fastify's default
 * for a route without a response schema), with the response headers every Hearth response carries
 * (the security headers of the same configuration, X-Request-Id, CORS through the same
 * @fastify/cors options): the same answer, not only the same body. The harness checks both.
 *
 * Run as its own process by bench/run.ts, with Hearth's environment (DATABASE_URL, JWT_*) and PORT.
 */
// the service's V8 memory settings, as Hearth runs under them (docs/performance.md, "Method")
import { releaseStartupMemory } from '../../src/memory';
import * as bcrypt from 'bcrypt';
import { FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../../src/database/base.entity';
import { toTransactionDto, type TransactionRow } from '../../src/modules/budget/transactions.sql';
import { reportMembers } from '../../src/modules/budget/reports.sql';
import { balanceSheet, computeSplit, type MemberSums, type SplitRequest, type StoredSplit } from '../../src/modules/budget/sharing/sharing';
import { authorize, Claims, hearthFastify, intParam, markerDto, pool, problem, Row, run, send } from './common';
import * as sql from './statements';
import { fromCents } from '../../domain/amount';
import { convertToCents, isCurrencyCode, isRate, normaliseOriginalAmount, rateUnits, unitsRate } from '../../domain/currency';

const app = hearthFastify();

/** The token, then the session check; the caller's claims, or undefined once a 401 or 403 is sent. */
async function authenticate(request: FastifyRequest, reply: FastifyReply, module: string): Promise<Claims | undefined> {
  const result = await authorize(request.headers.authorization, module);
  if (!('status' in result)) return result;
  problem(request, reply, result.status, result.title, result.code, result.detail);
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO = '0.00';
const pad = (n: number) => String(n).padStart(2, '0');

function noteDto(n: Row, items: unknown[]) {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    color: n.color,
    icon: n.icon,
    kind: n.kind,
    isPrivate: n.is_private,
    isPinned: n.is_pinned,
    createdBy: n.created_by,
    createdDate: n.created_date,
    updatedDate: n.updated_date,
    version: n.version,
    items,
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
  const rows = await run(sql.MARKERS_PAGE_DEFAULT, [user.GroupId, pageSize, (page - 1) * pageSize]);
  const total = rows[0].total;
  // a Completed cover would add Hearth's signed-URL step; the seed has none (see docs/performance.md)
  const items = rows[0].id === null ? [] : rows.map((row) => markerDto(row, row.image_count, null));
  return send(reply, { items, page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) });
});

app.get('/api/v1/markers/:markerId', async (request, reply) => {
  const user = await authenticate(request, reply, 'Map');
  if (!user) return reply;
  const { markerId } = request.params as { markerId: string };
  if (!UUID.test(markerId)) return problem(request, reply, 400, 'Bad Request', 'INVALID_ID', 'markerId must be a UUID');
  const rows = await run(sql.MARKER_DETAIL, [user.GroupId, markerId]);
  if (rows.length === 0) return problem(request, reply, 404, 'Not Found', 'NOT_FOUND', 'Marker not found');
  const images =
    rows[0].image_id === null
      ? []
      : rows.map((i) => ({
          id: i.image_id,
          order: i.image_order,
          status: i.image_status,
          url: null,
          thumbnailUrl: null,
          contentType: i.image_content_type,
          size: i.image_size,
          width: i.image_width,
          height: i.image_height,
          createdDate: i.image_created_date,
        }));
  return send(reply, { ...markerDto(rows[0], images.length, null), images });
});

app.get('/api/v1/notes', async (request, reply) => {
  const user = await authenticate(request, reply, 'Notes');
  if (!user) return reply;
  const values = [user.GroupId, user.UserId];
  const [notes, items] = await Promise.all([run(sql.NOTES_LIST_DEFAULT, values), run(sql.NOTES_LIST_ITEMS, values)]);
  const byNote = new Map<string, unknown[]>(notes.map((n) => [n.id, []]));
  for (const i of items) {
    byNote.get(i.note_id)?.push({
      id: i.id,
      text: i.text,
      url: i.url,
      isCompleted: i.is_completed,
      order: i.order,
      version: i.version,
      quantity: i.quantity,
      aisle: i.aisle,
      catalogItemId: i.catalog_item_id,
      addedDuringTrip: i.added_during_trip,
    });
  }
  return send(
    reply,
    notes.map((n) => noteDto(n, byNote.get(n.id)!)),
  );
});

app.post('/api/v1/notes', async (request, reply) => {
  const user = await authenticate(request, reply, 'Notes');
  if (!user) return reply;
  const body = request.body as { title?: unknown; content?: unknown; color?: unknown; icon?: unknown; isPrivate?: unknown };
  if (typeof body?.title !== 'string' || !body.title.trim() || body.title.length > 100) {
    return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed', [
      { field: 'title', message: 'title should not be empty' },
    ]);
  }
  const note = {
    id: newId(),
    title: body.title.trim(),
    content: typeof body.content === 'string' && body.content ? body.content.trim() : null,
    color: typeof body.color === 'string' ? body.color.toUpperCase() : '#3B82F6',
    icon: typeof body.icon === 'string' ? body.icon : 'ShoppingCart',
    isPrivate: body.isPrivate === true,
  };
  // the history row's changes, as the history subscriber records a created note
  const changes = {
    icon: { new: note.icon, old: null },
    color: { new: note.color, old: null },
    title: { new: note.title, old: null },
    content: { new: note.content, old: null },
    groupId: { new: user.GroupId, old: null },
    isPinned: { new: false, old: null },
    createdBy: { new: user.UserId, old: null },
    isPrivate: { new: note.isPrivate, old: null },
    kind: { new: 'list', old: null },
  };
  const [saved] = await run(sql.NOTE_CREATE, [
    note.id,
    user.GroupId,
    note.title,
    note.content,
    note.color,
    note.icon,
    note.isPrivate,
    user.UserId,
    newId(),
    note.isPrivate ? user.UserId : null,
    JSON.stringify(changes),
    user.UserId,
    user.Nickname,
    note.title,
    'list',
  ]);
  // the note's version, for a later If-Match
  reply.header('etag', `"${saved.version}"`);
  return send(reply, noteDto(saved, []), 201);
});

/** The category rows in the order of the group's categories (the separate lookup), with their name, color and icon. */
function reportCategories(rows: Row[], categories: Row[]) {
  const byCategory = new Map(rows.filter((row) => row.kind === 'category' && row.category_id !== null).map((row) => [row.category_id, row]));
  return categories
    .filter((category) => byCategory.has(category.id))
    .map((category) => {
      const row = byCategory.get(category.id)!;
      return { categoryId: category.id, name: category.name, color: category.color, icon: category.icon, income: row.income, expense: row.expense };
    });
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
  const [rows, categories] = await Promise.all([run(sql.REPORT_MONTHLY, [user.GroupId, from, until, null]), run(sql.REPORT_CATEGORIES, [user.GroupId])]);
  const members = reportMembers(rows as Parameters<typeof reportMembers>[0]);
  const byDay = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [row.bucket, row]));
  const days = Array.from({ length: new Date(Date.UTC(year, month, 0)).getUTCDate() }, (_, i) => {
    const date = `${year}-${pad(month)}-${pad(i + 1)}`;
    const row = byDay.get(date);
    return { date, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO };
  });
  // keys in the order of MonthlyReportDto (the document's order, which Hearth's serializer follows)
  return send(reply, { ...totals(user, rows), categories: reportCategories(rows, categories), members, year, month, days });
});

app.get('/api/v1/transactions/report/yearly', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const year = intParam((request.query as Record<string, string>).year, NaN, 1900, 2100);
  if (!year) return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  const period = [user.GroupId, `${year}-01-01`, `${year + 1}-01-01`, null];
  const [rows, categories] = await Promise.all([run(sql.REPORT_YEARLY, period), run(sql.REPORT_CATEGORIES, [user.GroupId])]);
  const members = reportMembers(rows as Parameters<typeof reportMembers>[0]);
  const byMonth = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [Number(row.bucket), row]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const row = byMonth.get(i + 1);
    return { month: i + 1, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO, net: row?.net ?? ZERO };
  });
  return send(reply, { ...totals(user, rows), categories: reportCategories(rows, categories), members, year, months });
});

/** GET /transactions without filters, newest first (the scenarios measured): Hearth's day-count path. */
app.get('/api/v1/transactions', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const query = request.query as Record<string, string>;
  const page = intParam(query.page, 1, 1, 1_000_000);
  const pageSize = intParam(query.pageSize, 20, 1, 100);
  if (page === null || pageSize === null) return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  const filters = [user.GroupId, null, null, null];
  const [[count], rows] = await Promise.all([
    run(sql.TRANSACTIONS_COUNT.group, filters),
    run(sql.TRANSACTIONS_PAGE_BY_DATE.group.DESC, [...filters, (page - 1) * pageSize, pageSize]),
  ]);
  const total: number = count.total;
  // the same row-to-DTO mapping a hand-written handler needs: Hearth's own
  const items = rows.map((row) => toTransactionDto(row as TransactionRow));
  return send(reply, { items, page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize), totalItemsExact: true });
});

/** GET /budget/balances without a period (the scenario measured): the kept sums, the settings' units, the members. */
app.get('/api/v1/budget/balances', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const [totals, [settings], members] = await Promise.all([
    run(sql.MEMBER_TOTALS, [user.GroupId, null, null]),
    run(sql.SPLIT_SETTINGS_OF_GROUP, [user.GroupId]),
    run(sql.USERS_ACTIVE_MEMBERS, [user.GroupId]),
  ]);
  // the arithmetic a hand-written handler needs as much: Hearth's own pure functions (sharing.ts)
  const named = members.map((m) => ({ userId: m.id, name: m.nickname, isFormer: false }));
  const sheet = balanceSheet(named, totals as MemberSums[], settings?.units ?? []);
  return send(reply, { currency: user.Currency, from: null, to: null, ...sheet });
});

const MONEY = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/**
 * POST /transactions of an Expense or Income (the scenarios measured): the checks Hearth makes
 * (the default account, the account's state, the category, then the group's default split or the
 * split's members), the insert, the category's name for the history row's label and the history
 * row, in one transaction.
 */
app.post('/api/v1/transactions', async (request, reply) => {
  const user = await authenticate(request, reply, 'Budget');
  if (!user) return reply;
  const body = request.body as {
    type?: string;
    amount?: string;
    date?: string;
    description?: string;
    categoryId?: string;
    split?: SplitRequest;
    original?: { amount: string; currency: string; rate: string };
  };
  // paid in another currency with its rate (the measured case): the amount converted, half-up to the cent
  const paid =
    body?.original && isCurrencyCode(body.original.currency) && body.original.currency !== user.Currency && isRate(body.original.rate)
      ? normaliseOriginalAmount(body.original.amount, body.original.currency)
      : null;
  const original = paid ? { amount: paid, currency: body.original!.currency, rate: unitsRate(rateUnits(body.original!.rate)!) } : null;
  if (original && body.amount === undefined) body.amount = fromCents(convertToCents(original.amount, original.rate));
  if (
    (body?.type !== 'Expense' && body?.type !== 'Income') ||
    typeof body.amount !== 'string' ||
    !MONEY.test(body.amount) ||
    !UUID.test(String(body.categoryId))
  ) {
    return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', 'Request validation failed');
  }
  const [whole, fraction = ''] = body.amount.split('.');
  const amount = `${whole}.${fraction.padEnd(2, '0')}`;
  const client = await pool.connect();
  const q = (query: { name: string; text: string }, values: unknown[]) => client.query({ name: query.name, text: query.text, values }).then((r) => r.rows);
  try {
    await client.query('BEGIN');
    const [account] = await q(sql.BUDGET_ACCOUNT_DEFAULT_ID, [user.GroupId]);
    const [state] = await q(sql.BUDGET_ACCOUNT_STATES, [user.GroupId, [account.id]]);
    if (state.is_disabled) throw new Error('disabled account');
    if ((await q(sql.CATEGORY_IN_GROUP, [body.categoryId, user.GroupId])).length === 0) throw new Error('category');
    let split: StoredSplit | null = null;
    if (body.split) {
      const outcome = computeSplit(amount, body.split, user.UserId);
      if (!outcome.split) throw new Error(outcome.problem.message);
      const ids = [...new Set(body.split.members.map((m) => m.userId))];
      if ((await q(sql.USERS_ACTIVE_MEMBERS_AMONG, [user.GroupId, ids])).length !== ids.length) throw new Error('unknown member');
      split = outcome.split;
    } else if (body.type === 'Expense') {
      const [settings] = await q(sql.SPLIT_SETTINGS_OF_GROUP, [user.GroupId]);
      if (settings?.sharedByDefault) throw new Error('the bench group shares nothing by default');
    }
    const row = {
      id: newId(),
      type: body.type as 'Expense' | 'Income',
      amount,
      date: body.date ?? new Date().toISOString().slice(0, 10),
      description: body.description ?? null,
      categoryId: body.categoryId!,
      budgetAccountId: account.id as string,
      targetBudgetAccountId: null,
      recurringTransactionId: null,
      createdById: user.UserId,
      split,
      original,
    };
    const [{ created_date }] = await q(sql.TRANSACTION_INSERT, [
      row.id,
      user.GroupId,
      row.type,
      amount,
      row.date,
      row.description,
      row.categoryId,
      row.budgetAccountId,
      user.UserId,
      split,
      original,
    ]);
    const [category] = await q(sql.CATEGORY_NAME, [row.categoryId]);
    const changes: Record<string, { old: null; new: unknown }> = {};
    for (const [field, value] of Object.entries({ ...row, groupId: user.GroupId }))
      if (value !== null && field !== 'id') changes[field] = { old: null, new: value };
    await q(sql.HISTORY_INSERT, [newId(), user.GroupId, row.id, changes, user.UserId, user.Nickname, category?.name ?? row.description]);
    await client.query('COMMIT');
    return send(reply, toTransactionDto({ ...row, createdDate: (created_date as Date).toISOString() }), 201);
  } catch (error) {
    await client.query('ROLLBACK');
    return problem(request, reply, 400, 'Bad Request', 'VALIDATION_FAILED', (error as Error).message);
  } finally {
    client.release();
  }
});

/** Login as a bare handler does it: the same user lookup, a bcrypt compare (on libuv's pool), an answer. */
app.post('/api/v1/session', async (request, reply) => {
  const body = request.body as { username?: string; password?: string };
  const [user] = (await pool.query(sql.SIGN_IN_BY_USERNAME, [body?.username])).rows;
  const valid = user ? await bcrypt.compare(String(body.password), user.password_hash) : false;
  if (!valid) return problem(request, reply, 401, 'Unauthorized', 'INVALID_CREDENTIALS', 'Invalid username or password');
  return send(reply, { userId: user.id, nickname: user.nickname });
});

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(releaseStartupMemory, (error) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

/**
 * A history row as a sentence in the household's words and language: "Mia ticked “Milk” on
 * Shopping", "Anna added income €39.99 Zalando refund". Every sentence is a message of
 * locales/<lang>.json (`history.*`) with the actor in it, since languages put the verb in different
 * places. Never an entity name, a field name or a raw boolean.
 */
import type { EntityType } from '@/api/live';
import type { MessageId, Translate } from '@/i18n';

export type Change = { old?: unknown; new?: unknown };

export interface HistoryRowLike {
  entityType: string;
  action: string;
  changes: Record<string, Change>;
  entityLabel?: string | null;
  parentLabel?: string | null;
  userId?: string | null;
  userNickname?: string;
}

/** How amounts and dates are written (the page passes Intl in the chosen language). */
export interface Writers {
  /** an amount in the group's currency, or in `currency` (ISO 4217) when given */
  money: (amount: string, currency?: string) => string;
  date: (value: string) => string;
  list: (words: string[]) => string;
}

/** The "What" filter: entity types in people's words, the module's order. */
export const ENTITY_TYPES: { type: EntityType; adminOnly?: boolean }[] = [
  { type: 'Marker' },
  { type: 'MarkerImage' },
  { type: 'Transaction' },
  { type: 'Category' },
  { type: 'BudgetAccount' },
  { type: 'RecurringTransaction' },
  { type: 'Settlement' },
  { type: 'SplitSettings' },
  { type: 'Note' },
  { type: 'NoteItem' },
  { type: 'ShoppingStore' },
  { type: 'ShoppingTrip' },
  { type: 'CalendarEvent' },
  { type: 'CalendarEventException' },
  { type: 'CalendarSubscription' },
  { type: 'CalendarFeed' },
  { type: 'User', adminOnly: true },
  { type: 'Group', adminOnly: true },
];

/** The field a change names, as a message (`history.field.*`); fields absent here are bookkeeping. */
const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  name: 'title',
  text: 'text',
  content: 'text',
  description: 'description',
  rating: 'rating',
  date: 'date',
  latitude: 'location',
  longitude: 'location',
  address: 'address',
  color: 'color',
  icon: 'icon',
  amount: 'amount',
  type: 'type',
  categoryId: 'category',
  budgetAccountId: 'account',
  targetBudgetAccountId: 'account',
  frequency: 'schedule',
  interval: 'schedule',
  startDate: 'dates',
  endDate: 'dates',
  nickname: 'title',
  email: 'email',
  role: 'role',
  status: 'status',
  groupId: 'group',
  currency: 'currency',
  modules: 'modules',
  url: 'url',
  openingBalance: 'openingBalance',
  isCompleted: 'done',
  isPinned: 'pinned',
  locale: 'language',
  split: 'sharing',
  quantity: 'quantity',
  aisle: 'aisle',
  aisleOrder: 'aisleOrder',
};

const field = (t: Translate, name: string) => t(`history.field.${FIELD_WORDS[name]}` as MessageId);

/** How many people a split transaction's parts go to (0: not shared). */
function sharedCount(split: unknown): number {
  const owed = (split as { owed?: unknown[] } | null)?.owed;
  return Array.isArray(owed) ? owed.length : 0;
}

/** The only payer of a split, when there is one. */
function onlyPayer(split: unknown): string | null {
  const paidBy = (split as { paidBy?: { userId?: string }[] } | null)?.paidBy;
  return Array.isArray(paidBy) && paidBy.length === 1 ? (paidBy[0].userId ?? null) : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A rename (old → new) when the row's naming field changed. */
function renamed(changes: Record<string, Change>, name: string): { from: string; to: string } | null {
  const change = changes[name];
  const from = text(change?.old);
  const to = text(change?.new);
  return change && from && to ? { from, to } : null;
}

/** A new event's time in words: "Saturdays 10:00" for a weekly rule on one day, else its first date (and time), in the event's zone. */
function eventWhen(changes: Record<string, Change>, t: Translate, write: Writers): string | null {
  const start = text(changes.startValue?.new);
  if (!start) return null;
  if (changes.allDay?.new === true) return write.date(start);
  const zone = text(changes.timeZone?.new) ?? 'UTC';
  let local: string;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date(start))
        .map((part) => [part.type, part.value]),
    );
    local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
  } catch {
    return null;
  }
  const time = local.slice(11, 16);
  const weekly = /^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU)$/.exec(text(changes.rrule?.new) ?? '');
  if (weekly) return t('history.event.weekly', { day: weekly[1], time });
  return `${write.date(local.slice(0, 10))} ${time}`;
}

/** The whole sentence of a row, its actor first ("Hearth" for what the scheduler and jobs did). */
export function describeChange(row: HistoryRowLike, t: Translate, write: Writers): string {
  const who = row.userId === null ? t('history.system') : (row.userNickname ?? t('history.system'));
  const { action, changes } = row;
  const label = row.entityLabel ?? null;
  const parent = row.parentLabel ?? null;
  const keys = Object.keys(changes);
  const only = (...fields: string[]) => keys.length > 0 && keys.every((key) => fields.includes(key));
  const quoted = (value: string | null, noun: string) => (value ? t('history.quoted', { label: value }) : t(`history.noun.${noun}` as MessageId));
  const named = (kind: string) => (label ? t(`history.named.${kind}` as MessageId, { label }) : t(`history.noun.${kind}` as MessageId));
  const fields = () => write.list([...new Set(keys.filter((key) => FIELD_WORDS[key]).map((key) => field(t, key)))]);
  /** "changed the name and rating of “Café”", or "changed “Café”" when no field is worth naming. */
  const changed = (thing: string) =>
    keys.some((key) => FIELD_WORDS[key]) ? t('history.changedFields', { who, thing, fields: fields() }) : t('history.changed', { who, thing });
  const generic = (thing: string) => {
    if (action === 'Created') return t('history.added', { who, thing });
    if (action === 'Deleted') return t('history.deleted', { who, thing });
    if (action === 'Restored') return t('history.restored', { who, thing });
    return changed(thing);
  };
  /** "CHF 84.00 (€89.12)" for an amount paid in another currency (its `original`), else the amount alone */
  const paid = (amount: string, original: unknown) => {
    const o = original as { amount?: unknown; currency?: unknown } | null | undefined;
    if (!o || typeof o.amount !== 'string' || typeof o.currency !== 'string') return write.money(amount);
    return t('history.money.both', { original: write.money(o.amount, o.currency), amount: write.money(amount) });
  };

  switch (row.entityType) {
    case 'NoteItem': {
      const item = quoted(label, 'item');
      const list = parent ? t('history.quoted', { label: parent }) : null;
      const onList = list ? t('history.onList', { list }) : '';
      if (action === 'Created') return t('history.item.added', { who, item, toList: list ? t('history.item.toList', { list }) : '' });
      if (action === 'Deleted') return t('history.item.removed', { who, item, fromList: list ? t('history.item.fromList', { list }) : '' });
      if (changes.isCompleted) return t(changes.isCompleted.new ? 'history.item.ticked' : 'history.item.unticked', { who, item, onList });
      const rename = renamed(changes, 'text');
      if (rename) return t('history.item.renamed', { who, ...rename, onList });
      if (only('order')) return t('history.item.moved', { who, item, onList });
      if (only('aisle') && typeof changes.aisle.new === 'string') {
        return t('history.item.movedToAisle', { who, item, onList, aisle: t(`shopping.aisle.${changes.aisle.new}` as MessageId) });
      }
      return t('history.item.changed', { who, item, onList });
    }
    case 'ShoppingTrip': {
      const list = parent ? t('history.quoted', { label: parent }) : t('history.noun.note');
      if (action === 'Created') return t('history.trip.started', { who, list, atStore: label ? t('history.trip.atStore', { store: label }) : '' });
      if (action === 'Deleted') return t('history.trip.ended', { who, list });
      return generic(list);
    }
    case 'ShoppingStore':
      return generic(named('store'));
    case 'Note': {
      const note = quoted(label, 'note');
      if (action === 'Created') return t('history.note.started', { who, note });
      if (action === 'Deleted') return t('history.note.deleted', { who, note });
      if (action === 'Restored') return t('history.note.restored', { who, note });
      const rename = renamed(changes, 'title');
      if (rename) return t('history.renamed.note', { who, ...rename });
      if (only('isPinned')) return t(changes.isPinned.new ? 'history.note.pinned' : 'history.note.unpinned', { who, note });
      return changed(note);
    }
    case 'CalendarEvent': {
      const event = quoted(label, 'event');
      const when = action === 'Created' ? eventWhen(changes, t, write) : null;
      if (when) return t('history.event.added', { who, event, when });
      const rename = renamed(changes, 'title');
      if (rename) return t('history.renamed.event', { who, ...rename });
      if (only('exdates')) {
        // fewer deleted occurrences than before: one came back (restored in the app, or an EXDATE a phone dropped)
        const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
        const restored = count(changes.exdates.new) < count(changes.exdates.old);
        return t(restored ? 'history.event.occurrenceRestored' : 'history.event.occurrenceCancelled', { who, event });
      }
      return generic(event);
    }
    case 'CalendarEventException': {
      const event = parent ? t('history.quoted', { label: parent }) : t('history.noun.event');
      return t('history.event.occurrenceChanged', { who, event });
    }
    case 'CalendarSubscription': {
      const calendar = quoted(label, 'subscription');
      if (action === 'Created') return t('history.subscription.added', { who, calendar });
      if (action === 'Deleted') return t('history.subscription.removed', { who, calendar });
      // a refresh (by the system) that brought new content
      if (only('version')) return t('history.subscription.refreshed', { calendar });
      const rename = renamed(changes, 'name');
      if (rename) return t('history.renamed.subscription', { who, ...rename });
      return generic(calendar);
    }
    case 'CalendarFeed': {
      const feed = quoted(label, 'feed');
      if (action === 'Created') return t('history.feed.added', { who, feed });
      if (action === 'Deleted') return t('history.feed.removed', { who, feed });
      return generic(feed);
    }
    case 'Marker': {
      const place = quoted(label, 'place');
      if (action === 'Created') return t('history.place.added', { who, place });
      if (action === 'Deleted') return t('history.place.trashed', { who, place });
      if (action === 'Restored') return t('history.place.restored', { who, place });
      const rename = renamed(changes, 'title');
      if (rename) return t('history.renamed.place', { who, ...rename });
      return changed(place);
    }
    case 'MarkerImage': {
      const place = parent ? t('history.quoted', { label: parent }) : t('history.noun.place');
      if (action === 'Created') return t('history.photo.added', { who, place });
      if (action === 'Deleted') return t('history.photo.removed', { who, place });
      if (only('order')) return t('history.photo.reordered', { who, place });
      return t('history.photo.changed', { who, place });
    }
    case 'Transaction':
    case 'RecurringTransaction': {
      const recurring = row.entityType === 'RecurringTransaction';
      const amount = text(changes.amount?.new);
      const money = amount ? paid(amount, changes.original?.new) : '';
      if (action === 'Created') {
        const type = changes.type?.new;
        if (type === 'Transfer') return t(recurring ? 'history.money.movedRecurring' : 'history.money.moved', { who, amount: money });
        // the payee (an imported row's description), else the category
        const payee = text(changes.description?.new) ?? parent;
        const what = [...new Set([payee, label].filter(Boolean))].join(' · ');
        // "Anna paid €42.00 Groceries, shared by 3" when the one who enters a shared expense paid it alone
        const split = changes.split?.new;
        const count = sharedCount(split);
        if (count && !recurring && type !== 'Income' && row.userId && onlyPayer(split) === row.userId) {
          return t('history.money.paidShared', { who, amount: money, what, count });
        }
        const id = `history.money.added${recurring ? 'Recurring' : ''}${type === 'Income' ? 'Income' : 'Expense'}` as MessageId;
        const sentence = t(id, { who, amount: money, what }).replace(/[\s:]+$/, '');
        return count ? t('history.money.sharedSuffix', { sentence, count }) : sentence;
      }
      const thing =
        label || parent
          ? t(recurring ? 'history.named.recurring' : 'history.named.transaction', { label: label ?? parent ?? '' })
          : named(recurring ? 'recurring' : 'transaction');
      if (action === 'Deleted') return t('history.deleted', { who, thing });
      const before = text(changes.amount?.old);
      if (amount && before && only('amount')) return t('history.money.amountChanged', { who, thing, from: write.money(before), to: money });
      if (only('isEnabled')) return t(changes.isEnabled.new ? 'history.money.resumed' : 'history.money.paused', { who, thing });
      if (only('split')) {
        const count = sharedCount(changes.split.new);
        return count ? t('history.money.sharingChanged', { who, thing, count }) : t('history.money.madeOwn', { who, thing });
      }
      return changed(thing);
    }
    case 'Settlement': {
      // the label is "Ben → Anna" with the nicknames of the time
      const [from, to] = (label ?? '').split(' → ');
      const amount = text(changes.amount?.new) ?? text(changes.amount?.old);
      const money = amount ? paid(amount, changes.original?.new ?? changes.original?.old) : '';
      if (!from || !to) return generic(t('history.noun.payment'));
      const payment = t('history.settlement.payment', { from, to, amount: money });
      if (action === 'Deleted') return t('history.settlement.deleted', { who, payment });
      if (action === 'Created') {
        if (row.userId && changes.fromUserId?.new === row.userId) return t('history.settlement.paid', { who, to, amount: money });
        return t('history.settlement.recorded', { who, from, to, amount: money });
      }
      return t('history.settlement.changed', { who, payment });
    }
    case 'SplitSettings':
      return t('history.splitSettings.changed', { who });
    case 'Category': {
      const thing = named('category');
      if (action !== 'Updated') return generic(thing);
      const rename = renamed(changes, 'name');
      if (rename) return t('history.renamed.category', { who, ...rename });
      if (only('order')) return t('history.category.reordered', { who });
      return changed(thing);
    }
    case 'BudgetAccount': {
      const thing = named('account');
      const opening = text(changes.openingBalance?.new);
      if (action === 'Created' && opening && opening !== '0.00') return t('history.account.addedWith', { who, thing, amount: write.money(opening) });
      if (action !== 'Updated') return generic(thing);
      const rename = renamed(changes, 'name');
      if (rename) return t('history.renamed.account', { who, ...rename });
      if (opening && only('openingBalance')) return t('history.account.opening', { who, thing, amount: write.money(opening) });
      if (only('isDefault')) return t(changes.isDefault.new ? 'history.account.madeDefault' : 'history.account.unmadeDefault', { who, thing });
      if (only('isDisabled')) return t(changes.isDisabled.new ? 'history.account.disabled' : 'history.account.enabled', { who, thing });
      return changed(thing);
    }
    case 'User': {
      const member = quoted(label, 'member');
      if (action === 'Created') return t('history.member.added', { who, member });
      if (action === 'Deleted') return t('history.member.removed', { who, member });
      if (only('passwordHash')) return t('history.member.password', { who, member });
      return changed(member);
    }
    case 'Group': {
      const thing = named('group');
      if (action === 'Created') return t('history.group.created', { who, thing });
      return generic(thing);
    }
    default:
      return generic(quoted(label, 'something'));
  }
}

/** One line of a row's details: what, before, after (each already in words). */
export interface ChangeDetail {
  field: string;
  before: string | null;
  after: string | null;
  /** what the change was about (a transaction's payee and category), not a change itself */
  context?: boolean;
}

const AMOUNT_FIELDS = new Set(['amount', 'openingBalance']);
const DATE_FIELDS = new Set(['date', 'startDate', 'endDate']);

/**
 * What changed, before and after, in words: amounts and dates as the language writes them, yes/no
 * for switches, the kind of a transaction. References to other rows (ids) are named by the sentence
 * and the labels, not shown as ids; a transaction's payee (its description) is always listed.
 */
export function changeDetails(row: HistoryRowLike, t: Translate, write: Writers): ChangeDetail[] {
  const value = (name: string, raw: unknown): string | null => {
    if (raw === null || raw === undefined || raw === '') return null;
    if (typeof raw === 'boolean') return t(raw ? 'history.value.yes' : 'history.value.no');
    if (name === 'type' && typeof raw === 'string' && ['Income', 'Expense', 'Transfer'].includes(raw)) return t(`history.value.${raw}` as MessageId);
    if (AMOUNT_FIELDS.has(name) && typeof raw === 'string') return write.money(raw);
    if (DATE_FIELDS.has(name) && typeof raw === 'string') return write.date(raw);
    if (Array.isArray(raw)) return write.list(raw.map(String));
    return String(raw);
  };
  const details: ChangeDetail[] = [];
  const money = row.entityType === 'Transaction' || row.entityType === 'RecurringTransaction';
  for (const [name, change] of Object.entries(row.changes)) {
    if (!FIELD_WORDS[name] || name.endsWith('Id') || name === 'latitude' || name === 'longitude') continue;
    if (change.old === '[redacted]' || change.new === '[redacted]') continue;
    const before = row.action === 'Created' ? null : value(name, change.old);
    const after = value(name, change.new);
    if (before === null && after === null) continue;
    details.push({ field: capitalise(field(t, name)), before, after });
  }
  if ('latitude' in row.changes || 'longitude' in row.changes) {
    const at = (key: 'old' | 'new') => {
      const lat = row.changes.latitude?.[key];
      const lng = row.changes.longitude?.[key];
      return lat != null && lng != null ? `${String(lat)}, ${String(lng)}` : null;
    };
    details.push({ field: capitalise(t('history.field.location')), before: row.action === 'Created' ? null : at('old'), after: at('new') });
  }
  if (money && row.entityLabel && row.entityLabel !== row.parentLabel) {
    details.unshift({ field: capitalise(t('history.field.category')), before: null, after: row.entityLabel, context: true });
  }
  if (money && row.parentLabel && !row.changes.description) {
    details.unshift({ field: capitalise(t('history.field.payee')), before: null, after: row.parentLabel, context: true });
  }
  return details;
}

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** The local calendar day of an instant, `YYYY-MM-DD`. */
export function localDay(instant: string | Date): string {
  const date = new Date(instant);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "Today", "Yesterday", or the day (with the year when not this year), for the day headings. */
export function dayHeading(day: string, t: Translate, locale: string, now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === localDay(now)) return t('history.today');
  if (day === localDay(yesterday)) return t('history.yesterday');
  const date = new Date(`${day}T12:00:00`);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date);
}

/** Rows (newest first) grouped by local day, in order. */
export function byDay<T extends { createdDate: string }>(rows: T[]): { day: string; rows: T[] }[] {
  const groups: { day: string; rows: T[] }[] = [];
  for (const row of rows) {
    const day = localDay(row.createdDate);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}

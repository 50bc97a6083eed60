/**
 * A history row as a sentence in the household's words : "ticked “Milk” on Shopping", "added €12.50 Groceries". The actor's name is put in
 * front by the page. Never an entity name, a field name or a raw boolean.
 */
export type Change = { old?: unknown; new?: unknown };

export interface HistoryRowLike {
  entityType: string;
  action: string;
  changes: Record<string, Change>;
  entityLabel?: string | null;
  parentLabel?: string | null;
  /** who made the change (a payer who records their own payment is said to have paid) */
  userId?: string | null;
}

/** The "What" filter: entity types in people's words, the module's order. */
export const ENTITY_WORDS: { type: string; label: string; adminOnly?: boolean }[] = [
  { type: 'Marker', label: 'Places' },
  { type: 'MarkerImage', label: 'Photos' },
  { type: 'Transaction', label: 'Transactions' },
  { type: 'Category', label: 'Categories' },
  { type: 'BudgetAccount', label: 'Accounts' },
  { type: 'RecurringTransaction', label: 'Recurring transactions' },
  { type: 'Settlement', label: 'Payments between members' },
  { type: 'SplitSettings', label: 'Sharing settings' },
  { type: 'Note', label: 'Notes' },
  { type: 'NoteItem', label: 'List items' },
  { type: 'User', label: 'Members', adminOnly: true },
  { type: 'Group', label: 'Groups', adminOnly: true },
];

/** The "Change" filter. */
export const ACTION_WORDS: Record<string, string> = { Created: 'Added', Updated: 'Changed', Deleted: 'Deleted', Restored: 'Restored' };

/** A thing as it is spoken of: “Milk”, or a plain noun when the row has no label. */
function quoted(label: string | null | undefined, otherwise: string): string {
  return label ? `“${label}”` : otherwise;
}

/** “the account “Joint””, or “an account” when the row has no label. */
function named(kind: string, label: string | null): string {
  return label ? `the ${kind} “${label}”` : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/** The fields a sentence names, in people's words. */
const FIELD_WORDS: Record<string, string> = {
  title: 'name',
  name: 'name',
  text: 'text',
  content: 'text',
  description: 'description',
  rating: 'rating',
  date: 'date',
  latitude: 'location',
  longitude: 'location',
  address: 'address',
  color: 'colour',
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
  nickname: 'name',
  email: 'email address',
  role: 'role',
  status: 'status',
  groupId: 'group',
  currency: 'currency',
  modules: 'modules',
  url: 'link',
  openingBalance: 'opening balance',
  split: 'sharing',
};

/** "shared by 3": the people a split transaction's parts go to. */
function sharedBy(split: unknown): string {
  const owed = (split as { owed?: unknown[] } | null)?.owed;
  return Array.isArray(owed) && owed.length ? `, shared by ${owed.length}` : '';
}

/** The only payer of a split, when there is one. */
function onlyPayer(split: unknown): string | null {
  const paidBy = (split as { paidBy?: { userId?: string }[] } | null)?.paidBy;
  return Array.isArray(paidBy) && paidBy.length === 1 ? (paidBy[0].userId ?? null) : null;
}

/** "name and rating": what changed, in people's words (duplicates and bookkeeping dropped). */
function changedWords(changes: Record<string, Change>): string {
  const words = [...new Set(Object.keys(changes).map((field) => FIELD_WORDS[field]).filter(Boolean))];
  if (words.length === 0) return '';
  if (words.length === 1) return words[0];
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A rename (old → new) when the row's naming field changed. */
function renamed(changes: Record<string, Change>, field: string): { from: string; to: string } | null {
  const change = changes[field];
  const from = text(change?.old);
  const to = text(change?.new);
  return change && from && to ? { from, to } : null;
}

export function describeChange(row: HistoryRowLike, money: (amount: string) => string): string {
  const { action, changes } = row;
  const label = row.entityLabel ?? null;
  const parent = row.parentLabel ?? null;
  const on = parent ? ` on ${parent}` : '';
  const keys = Object.keys(changes);
  const only = (...fields: string[]) => keys.length > 0 && keys.every((key) => fields.includes(key));

  switch (row.entityType) {
    case 'NoteItem': {
      const item = quoted(label, 'an item');
      if (action === 'Created') return `added ${item}${parent ? ` to ${parent}` : ''}`;
      if (action === 'Deleted') return `removed ${item}${parent ? ` from ${parent}` : ''}`;
      if (changes.isCompleted) return `${changes.isCompleted.new ? 'ticked' : 'unticked'} ${item}${on}`;
      const rename = renamed(changes, 'text');
      if (rename) return `changed “${rename.from}” to “${rename.to}”${on}`;
      if (only('order')) return `moved ${item}${on}`;
      return `changed ${item}${on}`;
    }
    case 'Note': {
      const note = quoted(label, 'a note');
      if (action === 'Created') return `started the list ${note}`;
      if (action === 'Deleted') return `deleted the note ${note}`;
      if (action === 'Restored') return `restored the note ${note}`;
      const rename = renamed(changes, 'title');
      if (rename) return `renamed the note “${rename.from}” to “${rename.to}”`;
      if (only('isPinned')) return `${changes.isPinned.new ? 'pinned' : 'unpinned'} ${note}`;
      return `changed the ${changedWords(changes) || 'note'} of ${note}`;
    }
    case 'Marker': {
      const place = quoted(label, 'a place');
      if (action === 'Created') return `added the place ${place}`;
      if (action === 'Deleted') return `moved the place ${place} to the trash`;
      if (action === 'Restored') return `brought back the place ${place}`;
      const rename = renamed(changes, 'title');
      if (rename) return `renamed the place “${rename.from}” to “${rename.to}”`;
      return `changed the ${changedWords(changes) || 'details'} of ${place}`;
    }
    case 'MarkerImage': {
      const place = parent ?? 'a place';
      if (action === 'Created') return `added a photo to ${place}`;
      if (action === 'Deleted') return `removed a photo from ${place}`;
      if (only('order')) return `reordered the photos of ${place}`;
      return `updated a photo of ${place}`;
    }
    case 'Transaction':
    case 'RecurringTransaction': {
      const recurring = row.entityType === 'RecurringTransaction' ? 'recurring ' : '';
      const amount = text(changes.amount?.new);
      const transfer = changes.type?.new === 'Transfer';
      if (action === 'Created') {
        if (transfer) return `moved ${amount ? money(amount) : 'money'} between accounts${recurring ? ' (recurring)' : ''}`;
        const what = [amount ? money(amount) : null, label].filter(Boolean).join(' ') || 'a transaction';
        // "Anna paid €42.00 Groceries, shared by 3" when the one who enters it paid it
        const split = changes.split?.new;
        if (split && !recurring) return `${row.userId && onlyPayer(split) === row.userId ? 'paid' : 'added'} ${what}${sharedBy(split)}`;
        return `added ${recurring ? 'a recurring ' : ''}${what}${sharedBy(split)}`;
      }
      const what = label ? `the ${recurring}${label} transaction` : `a ${recurring}transaction`;
      if (action === 'Deleted') return `deleted ${what}`;
      const before = text(changes.amount?.old);
      if (amount && before && only('amount')) return `changed ${what} from ${money(before)} to ${money(amount)}`;
      if (only('isEnabled')) return `${changes.isEnabled.new ? 'resumed' : 'paused'} ${what}`;
      if (only('split')) return changes.split.new ? `changed how ${what} is shared${sharedBy(changes.split.new).replace(', ', ': ')}` : `made ${what} the household's own`;
      return `changed the ${changedWords(changes) || 'details'} of ${what}`;
    }
    case 'Settlement': {
      // the label is "Ben → Anna" with the nicknames of the time
      const [from, to] = (label ?? '').split(' → ');
      const amount = text(changes.amount?.new) ?? text(changes.amount?.old);
      const payment = from && to ? `${from} paid ${to}${amount ? ` ${money(amount)}` : ''}` : 'a payment between members';
      if (action === 'Deleted') return `deleted the payment “${payment}”`;
      if (action === 'Created') return row.userId && changes.fromUserId?.new === row.userId && to ? `paid ${to}${amount ? ` ${money(amount)}` : ''}` : `recorded that ${payment}`;
      return `changed the payment “${payment}”`;
    }
    case 'SplitSettings':
      return 'changed how costs are shared';
    case 'Category': {
      const category = named('category', label);
      if (action === 'Created') return `added ${category}`;
      if (action === 'Deleted') return `deleted ${category}`;
      const rename = renamed(changes, 'name');
      if (rename) return `renamed the category “${rename.from}” to “${rename.to}”`;
      if (only('order')) return `reordered the categories`;
      return `changed the ${changedWords(changes) || 'details'} of ${category}`;
    }
    case 'BudgetAccount': {
      const account = named('account', label);
      if (action === 'Created') {
        const opening = text(changes.openingBalance?.new);
        return `added ${account}${opening && opening !== '0.00' ? ` with ${money(opening)}` : ''}`;
      }
      if (action === 'Deleted') return `deleted ${account}`;
      const rename = renamed(changes, 'name');
      if (rename) return `renamed the account “${rename.from}” to “${rename.to}”`;
      const opening = text(changes.openingBalance?.new);
      if (opening && only('openingBalance')) return `set the opening balance of ${account} to ${money(opening)}`;
      if (only('isDefault')) return changes.isDefault.new ? `made ${account} the default account` : `made another account the default instead of ${account}`;
      if (only('isDisabled')) return `${changes.isDisabled.new ? 'disabled' : 'enabled'} ${account}`;
      return `changed the ${changedWords(changes) || 'details'} of ${account}`;
    }
    case 'User': {
      const member = quoted(label, 'a member');
      if (action === 'Created') return `added the member ${member}`;
      if (action === 'Deleted') return `removed the member ${member}`;
      if (only('passwordHash')) return `changed the password of ${member}`;
      const words = changedWords(changes);
      return words ? `changed the ${words} of ${member}` : `updated ${member}`;
    }
    case 'Group': {
      const group = named('group', label);
      if (action === 'Created') return `created ${group}`;
      if (action === 'Deleted') return `deleted ${group}`;
      return `changed the ${changedWords(changes) || 'settings'} of ${group}`;
    }
    default: {
      const thing = quoted(label, 'something');
      const verb = { Created: 'added', Updated: 'changed', Deleted: 'deleted', Restored: 'restored' }[action] ?? 'changed';
      return `${verb} ${thing}`;
    }
  }
}

/** "Today", "Yesterday", or the day (with the year when not this year), for the day headings. */
export function dayHeading(day: string, now = new Date(), locale?: string): string {
  const key = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day === key(now)) return 'Today';
  if (day === key(yesterday)) return 'Yesterday';
  const date = new Date(`${day}T12:00:00`);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date);
}

/** The local calendar day of an instant, `YYYY-MM-DD`. */
export function localDay(instant: string): string {
  const date = new Date(instant);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
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

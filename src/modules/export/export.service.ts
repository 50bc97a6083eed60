import { Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import { AuthUser } from '../../common/auth/auth-user';
import { onFirstUse } from '../../common/first-use';
import { StorageService } from '../../infrastructure/storage/storage.service';
import { CalendarIcsRepository } from '../calendar/ical/calendar-ics.repository';
import { writeCalendar } from '../calendar/ical/ics-writer';
import { ExportRepository, MarkerRow, NoteRow } from './export.repository';

/** yazl, loaded with the first export. */
const yazl = onFirstUse(() => require('yazl') as typeof import('yazl'));

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function guardCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell needs quotes when it holds a quote, a comma or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * RFC 4180 records, CRLF-terminated, with the header row when `header` is set. Written here rather
 * than through a CSV library: the export writes a million rows, and this one string per batch is
 * ~5× cheaper in time and garbage than a general stringifier (docs/performance.md, "Export").
 */
export function csv(columns: string[], rows: (string | number | boolean | null | undefined)[][], header: boolean): string {
  let text = header ? `${columns.map(cell).join(',')}\r\n` : '';
  for (const row of rows) text += `${row.map(cell).join(',')}\r\n`;
  return text;
}

type Cell = string | number | boolean | null | undefined;

/** A CSV file streamed batch by batch: the header, then one string per batch of rows. */
function csvStream<T>(columns: string[], batches: AsyncIterable<T[]>, row: (item: T) => Cell[]): Readable {
  return Readable.from(
    (async function* () {
      yield csv(columns, [], true);
      for await (const batch of batches) yield csv(columns, batch.map(row), false);
    })(),
  );
}

function slug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'note';
}

/**
 * GET /account/export: a zip of what the caller can see, per module of their group, streamed as
 * it is read (transactions and markers in keyset-paged batches, images straight from storage).
 */
@Injectable()
export class ExportService {
  private readonly logger = new Logger('Export');

  constructor(
    private readonly repository: ExportRepository,
    private readonly storage: StorageService,
    private readonly calendarEvents: CalendarIcsRepository,
  ) {}

  async zip(user: AuthUser): Promise<Readable> {
    const zip = new (yazl().ZipFile)();
    const mtime = new Date();
    const lazy = (path: string, open: () => Promise<Readable> | Readable) =>
      zip.addReadStreamLazy(path, { mtime }, (callback) => {
        Promise.resolve()
          .then(open)
          .then(
            (stream) => {
              stream.on('error', (error) => this.logger.error({ err: error, path }, 'export member failed'));
              callback(null, stream);
            },
            (error) => callback(error, undefined as never),
          );
      });
    const modules = new Set(user.modules);
    if (modules.has('Budget')) await this.budget(user, zip, lazy, mtime);
    if (modules.has('Map')) await this.map(user, zip, lazy, mtime);
    if (modules.has('Notes')) await this.notes(user, zip, mtime);
    if (modules.has('Calendar')) await this.calendar(user, zip, mtime);
    zip.end();
    return zip.outputStream as Readable;
  }

  /** calendar/events.ics: every event the person may see (their own private ones too), as RFC 5545 with its series, exceptions and alarms. */
  private async calendar(user: AuthUser, zip: ZipFile, mtime: Date): Promise<void> {
    const events = await this.calendarEvents.visible(user);
    zip.addBuffer(Buffer.from(writeCalendar(events, { name: 'Hearth' })), 'calendar/events.ics', { mtime });
  }

  private async budget(user: AuthUser, zip: ZipFile, lazy: (path: string, open: () => Readable) => void, mtime: Date): Promise<void> {
    const { groupId, currency } = user;
    const repository = this.repository;
    lazy('budget/transactions.csv', () =>
      // paid in another currency: the amount as paid, its code and the rate (the group's currency per unit); empty otherwise
      csvStream(
        ['date', 'type', 'amount', 'currency', 'category', 'account', 'targetAccount', 'description', 'originalAmount', 'originalCurrency', 'rate'],
        repository.transactions(groupId),
        (t) => [
          t.date,
          t.type,
          t.amount,
          currency,
          guardCell(t.category),
          guardCell(t.account),
          guardCell(t.target_account),
          guardCell(t.description),
          t.original_amount,
          t.original_currency,
          t.original_rate,
        ],
      ),
    );
    // who owes whom: each member's part of the shared transactions, and the payments between members
    lazy('budget/splits.csv', () =>
      csvStream(['date', 'type', 'amount', 'currency', 'category', 'description', 'member', 'paid', 'share'], repository.splits(groupId), (s) => [
        s.date,
        s.type,
        s.amount,
        currency,
        guardCell(s.category),
        guardCell(s.description),
        guardCell(s.member),
        s.paid,
        s.share,
      ]),
    );
    lazy('budget/settlements.csv', () =>
      csvStream(['date', 'from', 'to', 'amount', 'currency', 'note', 'originalAmount', 'originalCurrency', 'rate'], repository.settlements(groupId), (s) => [
        s.date,
        guardCell(s.from_member),
        guardCell(s.to_member),
        s.amount,
        currency,
        guardCell(s.note),
        s.original_amount,
        s.original_currency,
        s.original_rate,
      ]),
    );
    const categories = await this.repository.categories(groupId);
    zip.addBuffer(
      Buffer.from(
        csv(
          ['name', 'color', 'icon', 'order'],
          categories.map((c) => [guardCell(c.name), c.color, guardCell(c.icon), c.order]),
          true,
        ),
      ),
      'budget/categories.csv',
      { mtime },
    );
    const accounts = await this.repository.accounts(groupId);
    zip.addBuffer(
      Buffer.from(
        csv(
          ['name', 'isDefault', 'isDisabled', 'openingBalance', 'balance', 'currency'],
          accounts.map((a) => [guardCell(a.name), a.is_default, a.is_disabled, a.opening_balance, a.balance, currency]),
          true,
        ),
      ),
      'budget/accounts.csv',
      { mtime },
    );
    const recurring = await this.repository.recurring(groupId);
    const recurringColumns = [
      'type',
      'amount',
      'currency',
      'description',
      'category',
      'account',
      'targetAccount',
      'frequency',
      'interval',
      'startDate',
      'endDate',
      'nextOccurrence',
      'isEnabled',
    ];
    zip.addBuffer(
      Buffer.from(
        csv(
          recurringColumns,
          recurring.map((r) => [
            r.type,
            r.amount,
            currency,
            guardCell(r.description as string),
            guardCell(r.category as string),
            guardCell(r.account as string),
            guardCell(r.target_account as string),
            r.frequency,
            r.interval,
            r.start_date,
            r.end_date ?? '',
            r.next_occurrence ?? '',
            r.is_enabled,
          ]),
          true,
        ),
      ),
      'budget/recurring.csv',
      { mtime },
    );
  }

  /** Archive paths of a batch's images, per marker, in their order (the same on both passes). */
  private async imagePaths(groupId: string, markers: MarkerRow[]) {
    const images = await this.repository.images(
      groupId,
      markers.map((marker) => marker.id),
    );
    const byMarker = new Map<string, { path: string; key: string }[]>();
    for (const image of images) {
      const list = byMarker.get(image.marker_id) ?? [];
      const path = `map/images/${image.marker_id}/${list.length + 1}-${image.id}.${EXTENSIONS[image.content_type] ?? 'bin'}`;
      list.push({ path, key: image.storage_key });
      byMarker.set(image.marker_id, list);
    }
    return byMarker;
  }

  private async map(user: AuthUser, zip: ZipFile, lazy: (path: string, open: () => Promise<Readable> | Readable) => void, _mtime: Date): Promise<void> {
    const { groupId } = user;
    const repository = this.repository;
    const imagePaths = (batch: MarkerRow[]) => this.imagePaths(groupId, batch);
    lazy('map/markers.geojson', () =>
      Readable.from(
        (async function* () {
          yield '{"type":"FeatureCollection","features":[';
          let first = true;
          for await (const batch of repository.markers(groupId)) {
            const paths = await imagePaths(batch);
            for (const marker of batch) {
              const feature = {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [marker.longitude, marker.latitude] },
                properties: {
                  id: marker.id,
                  title: marker.title,
                  description: marker.description,
                  rating: marker.rating,
                  date: marker.date,
                  images: (paths.get(marker.id) ?? []).map((image) => image.path),
                },
              };
              yield `${first ? '' : ','}\n${JSON.stringify(feature)}`;
              first = false;
            }
          }
          yield '\n]}\n';
        })(),
      ),
    );
    for await (const batch of this.repository.markers(groupId)) {
      for (const images of (await this.imagePaths(groupId, batch)).values()) {
        for (const image of images) lazy(image.path, () => this.storage.getStream(image.key));
      }
    }
  }

  private async notes(user: AuthUser, zip: ZipFile, mtime: Date): Promise<void> {
    const notes = await this.repository.notes(user.groupId, user.userId);
    const items = await this.repository.items(
      user.groupId,
      notes.map((note) => note.id),
    );
    zip.addEmptyDirectory('notes/', { mtime });
    for (const note of notes) {
      const lines = items
        .filter((item) => item.note_id === note.id)
        .map((item) => `- [${item.is_completed ? 'x' : ' '}] ${item.text}${item.quantity ? ` (${item.quantity})` : ''}${item.url ? ` <${item.url}>` : ''}`);
      zip.addBuffer(Buffer.from(markdown(note, lines)), `notes/${slug(note.title)}-${note.id.slice(-12)}.md`, { mtime });
    }
  }
}

function markdown(note: NoteRow, items: string[]): string {
  const parts = [`# ${note.title}`];
  if (note.content) parts.push(note.content);
  if (items.length) parts.push(items.join('\n'));
  return `${parts.join('\n\n')}\n`;
}

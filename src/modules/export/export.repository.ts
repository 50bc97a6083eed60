import { Injectable } from '@nestjs/common';
import { Sql, Statement } from '../../database/sql';
import {
  EXPORT_ACCOUNTS,
  EXPORT_CATEGORIES,
  EXPORT_IMAGES,
  EXPORT_MARKERS,
  EXPORT_NOTE_ITEMS,
  EXPORT_NOTES,
  EXPORT_RECURRING,
  EXPORT_SETTLEMENTS,
  EXPORT_SPLITS,
  EXPORT_TRANSACTIONS,
} from './export.sql';

export interface TransactionRow {
  id: string;
  date: string;
  type: string;
  amount: string;
  category: string | null;
  account: string;
  target_account: string | null;
  description: string | null;
  /** paid in another currency (else null): the amount as paid, its code, the rate */
  original_amount: string | null;
  original_currency: string | null;
  original_rate: string | null;
}

export interface SplitRow {
  date: string;
  transaction_id: string;
  user_id: string;
  type: string;
  amount: string;
  category: string | null;
  description: string | null;
  member: string | null;
  paid: string;
  share: string;
}

export interface SettlementRow {
  id: string;
  date: string;
  from_member: string | null;
  to_member: string | null;
  amount: string;
  note: string | null;
  /** paid in another currency (else null): the amount as paid, its code, the rate */
  original_amount: string | null;
  original_currency: string | null;
  original_rate: string | null;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

export interface MarkerRow {
  id: string;
  title: string;
  description: string;
  rating: number;
  date: string;
  latitude: number;
  longitude: number;
  address: string | null;
}

export interface NoteRow {
  id: string;
  title: string;
  content: string | null;
  is_private: boolean;
  is_pinned: boolean;
  created_date: Date;
}

/** What one user may see of their group, read for the export in keyset-paged batches (export.sql.ts). */
@Injectable()
export class ExportRepository {
  constructor(private readonly sql: Sql) {}

  /** The group's rows of a keyset-paged statement, a batch at a time, each batch after the last row's key. */
  private async *batches<T extends object>(query: Statement, groupId: string, start: unknown[], keyOf: (row: T) => unknown[]): AsyncGenerator<T[]> {
    let after = start;
    for (;;) {
      const rows = await this.sql.rows<T & Record<string, unknown>>(query, [groupId, ...after]);
      if (rows.length === 0) return;
      yield rows;
      after = keyOf(rows[rows.length - 1]);
    }
  }

  /** The group's transactions, oldest first, a batch at a time (memory stays flat at any size). */
  transactions(groupId: string): AsyncGenerator<TransactionRow[]> {
    return this.batches<TransactionRow>(EXPORT_TRANSACTIONS, groupId, ['0001-01-01', NO_ID], (t) => [t.date, t.id]);
  }

  /** Each member's part of the shared transactions, oldest first, a batch at a time. */
  splits(groupId: string): AsyncGenerator<SplitRow[]> {
    return this.batches<SplitRow>(EXPORT_SPLITS, groupId, ['0001-01-01', NO_ID, NO_ID], (s) => [s.date, s.transaction_id, s.user_id]);
  }

  /** The settlements, oldest first, a batch at a time. */
  settlements(groupId: string): AsyncGenerator<SettlementRow[]> {
    return this.batches<SettlementRow>(EXPORT_SETTLEMENTS, groupId, ['0001-01-01', NO_ID], (s) => [s.date, s.id]);
  }

  categories(groupId: string): Promise<{ name: string; color: string; icon: string; order: number }[]> {
    return this.sql.rows(EXPORT_CATEGORIES, [groupId]);
  }

  accounts(groupId: string): Promise<{ name: string; is_default: boolean; is_disabled: boolean; opening_balance: string; balance: string }[]> {
    return this.sql.rows(EXPORT_ACCOUNTS, [groupId]);
  }

  recurring(groupId: string): Promise<Record<string, string | number | boolean | null>[]> {
    return this.sql.rows(EXPORT_RECURRING, [groupId]);
  }

  /** Live markers (the trash is left out), a batch at a time. */
  async *markers(groupId: string): AsyncGenerator<MarkerRow[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.sql.rows<MarkerRow>(EXPORT_MARKERS, [groupId, after]);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  /** Processed images of the given markers, in their order. */
  images(groupId: string, markerIds: string[]): Promise<{ marker_id: string; id: string; storage_key: string; content_type: string; size: number }[]> {
    return this.sql.rows(EXPORT_IMAGES, [groupId, markerIds]);
  }

  /** Shared notes of the group and the user's own private ones; never another member's private note. */
  notes(groupId: string, userId: string): Promise<NoteRow[]> {
    return this.sql.rows<NoteRow>(EXPORT_NOTES, [groupId, userId]);
  }

  items(groupId: string, noteIds: string[]): Promise<{ note_id: string; text: string; url: string | null; is_completed: boolean; quantity: string | null }[]> {
    if (noteIds.length === 0) return Promise.resolve([]);
    return this.sql.rows(EXPORT_NOTE_ITEMS, [groupId, noteIds]);
  }
}

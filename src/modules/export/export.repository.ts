import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { visibleNotes } from '../notes/notes.sql';

const BATCH = 2000;

export interface TransactionRow {
  id: string;
  date: string;
  type: string;
  amount: string;
  category: string | null;
  account: string;
  target_account: string | null;
  description: string | null;
}

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

/** What one user may see of their group, read for the export in keyset-paged batches. */
@Injectable()
export class ExportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The group's transactions, oldest first, a batch at a time (memory stays flat at any size). */
  async *transactions(groupId: string): AsyncGenerator<TransactionRow[]> {
    let after: [string, string] = ['0001-01-01', '00000000-0000-0000-0000-000000000000'];
    for (;;) {
      const rows: TransactionRow[] = await this.dataSource.query(
        `SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.type, t.amount::text AS amount, c.name AS category,
                a.name AS account, ta.name AS target_account, t.description
           FROM transactions t
           JOIN budget_accounts a ON a.id = t.budget_account_id
           LEFT JOIN budget_accounts ta ON ta.id = t.target_budget_account_id
           LEFT JOIN categories c ON c.id = t.category_id
          WHERE t.group_id = $1 AND (t.date, t.id) > ($2::date, $3::uuid)
          ORDER BY t.date, t.id LIMIT ${BATCH}`,
        [groupId, ...after],
      );
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1];
      after = [last.date, last.id];
    }
  }

  categories(groupId: string): Promise<{ name: string; color: string; icon: string; order: number }[]> {
    return this.dataSource.query(
      'SELECT name, color, icon, sort_order AS "order" FROM categories WHERE group_id = $1 ORDER BY sort_order, id',
      [groupId],
    );
  }

  accounts(groupId: string): Promise<{ name: string; is_default: boolean; is_disabled: boolean; opening_balance: string; balance: string }[]> {
    return this.dataSource.query(
      `SELECT a.name, a.is_default, a.is_disabled, a.opening_balance::text AS opening_balance,
              (a.opening_balance + COALESCE(b.balance, 0.00))::numeric(18,2)::text AS balance
         FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
        WHERE a.group_id = $1 ORDER BY a.is_default DESC, lower(a.name), a.id`,
      [groupId],
    );
  }

  recurring(groupId: string): Promise<Record<string, string | number | boolean | null>[]> {
    return this.dataSource.query(
      `SELECT r.type, r.amount::text AS amount, r.description, c.name AS category, a.name AS account, ta.name AS target_account,
              r.frequency, r.interval, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
              to_char(r.end_date, 'YYYY-MM-DD') AS end_date, to_char(r.next_occurrence, 'YYYY-MM-DD') AS next_occurrence, r.is_enabled
         FROM recurring_transactions r
         JOIN budget_accounts a ON a.id = r.budget_account_id
         LEFT JOIN budget_accounts ta ON ta.id = r.target_budget_account_id
         LEFT JOIN categories c ON c.id = r.category_id
        WHERE r.group_id = $1 ORDER BY r.start_date, r.id`,
      [groupId],
    );
  }

  /** Live markers (the trash is left out), a batch at a time. */
  async *markers(groupId: string): AsyncGenerator<MarkerRow[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: MarkerRow[] = await this.dataSource.query(
        `SELECT id, title, description, rating, to_char(date, 'YYYY-MM-DD') AS date, latitude, longitude, address
           FROM markers WHERE group_id = $1 AND deleted_date IS NULL AND id > $2
          ORDER BY id LIMIT ${BATCH}`,
        [groupId, after],
      );
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  /** Processed images of the given markers, in their order. */
  images(groupId: string, markerIds: string[]): Promise<{ marker_id: string; id: string; storage_key: string; content_type: string; size: number }[]> {
    return this.dataSource.query(
      `SELECT mi.marker_id, mi.id, f.storage_key, f.content_type, f.size
         FROM marker_images mi JOIN files f ON f.id = mi.file_id
        WHERE mi.group_id = $1 AND mi.marker_id = ANY($2::uuid[]) AND f.status = 'Completed'
        ORDER BY mi.marker_id, mi.position, mi.id`,
      [groupId, markerIds],
    );
  }

  /** Shared notes of the group and the user's own private ones; never another member's private note. */
  notes(groupId: string, userId: string): Promise<NoteRow[]> {
    return this.dataSource.query(
      `SELECT id, title, content, is_private, is_pinned, created_date FROM notes n
        WHERE group_id = $1 AND ${visibleNotes('n', '$2')}
        ORDER BY created_date, id`,
      [groupId, userId],
    );
  }

  items(groupId: string, noteIds: string[]): Promise<{ note_id: string; text: string; url: string | null; is_completed: boolean }[]> {
    if (noteIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT note_id, text, url, is_completed FROM note_items
        WHERE group_id = $1 AND note_id = ANY($2::uuid[]) ORDER BY note_id, "order", id`,
      [groupId, noteIds],
    );
  }
}

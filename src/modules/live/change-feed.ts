import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Client, Notification } from 'pg';
import { AppConfig } from '../../config/app-config';
import type { HistoryAction } from '../history/entities/action-history.entity';

/** One committed history row, as the database announces it (`hearth_changes`, the LiveChanges migration). */
export interface CommittedChange {
  seq: string;
  groupId: string | null;
  adminOnly: boolean;
  privateToUserId: string | null;
  entityType: string;
  entityId: string;
  parentId: string | null;
  action: HistoryAction;
  userId: string | null;
  at: string;
}

/** An ended session or a user's new PermsVersion (`hearth_access`). */
export type AccessChange = { kind: 'session'; sessionId: string } | { kind: 'user'; userId: string; permsVersion: number };

export interface ChangeFeedListener {
  change(change: CommittedChange): void;
  access(change: AccessChange): void;
  /** The feed lost its connection: what was committed meanwhile was not heard. */
  lost(): void;
}

const CHANNELS = ['hearth_changes', 'hearth_access'];

/**
 * The one listening connection of this instance (docs/live.md, Across instances). PostgreSQL
 * notifies it after each commit, in commit order, whichever instance, worker or CLI made the change.
 * It connects when the first stream opens; when the connection is lost it tells its listener
 * (every stream ends, and clients resume from the history) and connects again on the next stream.
 */
@Injectable()
export class ChangeFeed implements OnModuleDestroy {
  private readonly logger = new Logger(ChangeFeed.name);
  private client: Promise<Client> | null = null;
  private listener: ChangeFeedListener | null = null;
  private closing = false;

  constructor(private readonly config: AppConfig) {}

  setListener(listener: ChangeFeedListener): void {
    this.listener = listener;
  }

  /** Resolves once this instance is listening; rejects (503) when the database cannot be reached. */
  async ready(): Promise<void> {
    if (this.closing) throw new Error('the change feed is closed');
    this.client ??= this.connect().catch((error) => {
      this.client = null;
      throw error;
    });
    await this.client;
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      connectionString: this.config.databaseUrl,
      application_name: 'hearth-live',
      connectionTimeoutMillis: this.config.databaseTimeoutMs,
      keepAlive: true,
    });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    client.on('notification', (message) => this.receive(message));
    await client.connect();
    try {
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private async drop(client: Client, error?: Error): Promise<void> {
    const current = await this.client?.catch(() => null);
    if (current !== client) return;
    this.client = null;
    if (!this.closing) this.logger.warn(`live change feed lost its connection${error ? `: ${error.message}` : ''}`);
    client.end().catch(() => undefined);
    this.listener?.lost();
  }

  private receive(message: Notification): void {
    if (!this.listener || !message.payload) return;
    if (message.channel === 'hearth_changes') {
      this.listener.change(JSON.parse(message.payload) as CommittedChange);
      return;
    }
    const [kind, id, version] = message.payload.split(':');
    if (kind === 'session') this.listener.access({ kind, sessionId: id });
    else if (kind === 'user') this.listener.access({ kind, userId: id, permsVersion: Number(version) });
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

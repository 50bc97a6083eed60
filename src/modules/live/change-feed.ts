import { Logger, OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { AppConfig } from '../../config/app-config';
import type { HistoryRowValues } from '../history/history-rows';

/**
 * One committed history row, as the database announces it (`hearth_changes`, the LiveChanges
 * migration): the row's own columns (history-rows.ts) and where it stands in commit order.
 */
export interface CommittedChange extends Pick<
  HistoryRowValues,
  'groupId' | 'adminOnly' | 'privateToUserId' | 'entityType' | 'entityId' | 'parentId' | 'action' | 'userId'
> {
  /** the writing transaction and the row's number: its cursor (cursor.ts) */
  tx: string;
  seq: string;
  /** the oldest other transaction that may have been running when the row was written */
  horizon: string;
  at: string;
}

/** An ended session, a user's new PermsVersion, or a stream ended by its user's newer ones (`hearth_access`). */
export type AccessChange =
  { kind: 'session'; sessionId: string } | { kind: 'user'; userId: string; permsVersion: number } | { kind: 'stream'; streamId: string };

export interface ChangeFeedListener {
  change(change: CommittedChange): void;
  access(change: AccessChange): void;
  /** The feed lost its connection: what was committed meanwhile was not heard. */
  lost(): void;
}

/** The channels the database notifies after each commit (the LiveChanges migration). */
const CHANNELS = ['hearth_changes', 'hearth_access'];

/**
 * How this instance hears of every commit (docs/live.md, Across instances): `PostgresChangeFeed`
 * (a listening connection per instance) or, with REDIS_URL, `RedisChangeFeed` (one instance relays
 * the database's notifications to Redis pub/sub). Either way the source is the same: the
 * notifications PostgreSQL sends when a transaction that wrote history rows commits.
 */
export abstract class ChangeFeed {
  protected listener: ChangeFeedListener | null = null;

  setListener(listener: ChangeFeedListener): void {
    this.listener = listener;
  }

  /** Resolves once this instance hears every commit; rejects (503) when it cannot. */
  abstract ready(): Promise<void>;

  /** A notification, as the database sent it, to the listener. */
  protected deliver(channel: string, payload: string): void {
    if (!this.listener || !payload) return;
    if (channel === 'hearth_changes') {
      this.listener.change(JSON.parse(payload) as CommittedChange);
      return;
    }
    const [kind, id, version] = payload.split(':');
    if (kind === 'session') this.listener.access({ kind, sessionId: id });
    else if (kind === 'user') this.listener.access({ kind, userId: id, permsVersion: Number(version) });
    else if (kind === 'stream') this.listener.access({ kind, streamId: id });
  }
}

export interface NotificationHandlers {
  notification(channel: string, payload: string): void;
  /** the connection was lost (not closed here): what committed meanwhile was not heard */
  lost(error?: Error): void;
}

/**
 * A PostgreSQL connection that LISTENs on the live channels (`application_name` `hearth-live`).
 * PostgreSQL notifies it after each commit, in commit order, whichever instance, worker or CLI made
 * the change. With `lock`, it first takes that session-level advisory lock and stays open only
 * when it got it (one relay for all instances, RedisChangeFeed); the lock goes with the connection.
 */
export class ListeningConnection {
  private readonly logger = new Logger('ChangeFeed');
  private client: Promise<Client | null> | null = null;
  private closing = false;

  constructor(
    private readonly config: AppConfig,
    private readonly handlers: NotificationHandlers,
    private readonly lock?: string,
  ) {}

  /** Connects and listens (once); false when another process holds the lock. Rejects when the database cannot be reached. */
  async open(): Promise<boolean> {
    if (this.closing) throw new Error('the change feed is closed');
    this.client ??= this.connect().then(
      (client) => {
        if (!client) this.client = null;
        return client;
      },
      (error) => {
        this.client = null;
        throw error;
      },
    );
    return (await this.client) !== null;
  }

  private async connect(): Promise<Client | null> {
    const client = new Client({
      connectionString: this.config.databaseUrl,
      application_name: 'hearth-live',
      connectionTimeoutMillis: this.config.databaseTimeoutMs,
      keepAlive: true,
    });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    client.on('notification', (message) => {
      if (message.payload) this.handlers.notification(message.channel, message.payload);
    });
    await client.connect();
    try {
      if (this.lock) {
        const [{ held }] = (await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS held', [this.lock])).rows;
        if (!held) {
          await this.end(client);
          return null;
        }
      }
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await this.end(client);
      throw error;
    }
    return client;
  }

  /** Ends a connection on purpose (no `lost`). */
  private async end(client: Client): Promise<void> {
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }

  private async drop(client: Client, error?: Error): Promise<void> {
    const current = await this.client?.catch(() => null);
    if (current !== client) return;
    this.client = null;
    if (!this.closing) this.logger.warn(`live change feed lost its connection${error ? `: ${error.message}` : ''}`);
    client.end().catch(() => undefined);
    this.handlers.lost(error);
  }

  /** Stops listening (and gives up the lock); `reopen` allows a later `open`. */
  async close(reopen = false): Promise<void> {
    this.closing = true;
    const client = await this.client?.catch(() => null);
    this.client = null;
    if (client) await this.end(client);
    this.closing = !reopen;
  }
}

/**
 * The change feed without Redis: this instance's own listening connection, opened with its first
 * stream. When the connection is lost every stream ends (clients resume from the history) and it
 * connects again on the next stream.
 */
export class PostgresChangeFeed extends ChangeFeed implements OnModuleDestroy {
  private readonly connection: ListeningConnection;

  constructor(config: AppConfig) {
    super();
    this.connection = new ListeningConnection(config, {
      notification: (channel, payload) => this.deliver(channel, payload),
      lost: () => this.listener?.lost(),
    });
  }

  async ready(): Promise<void> {
    await this.connection.open();
  }

  onModuleDestroy(): Promise<void> {
    return this.connection.close();
  }
}

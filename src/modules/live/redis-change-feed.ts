import { Logger, OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { AppError } from '../../common/errors/app-error';
import { RETRY_AFTER_SECONDS } from '../../common/errors/problem.filter';
import { isDatabaseUnavailable } from '../../database/unavailable';
import { ChangeFeed, ListeningConnection } from './change-feed';
import { liveChannel } from './stream-registry';

/** The relay says it is alive this often; silent for `SILENT_BEATS` beats, another instance takes over. */
const BEAT_MS = 2000;
const SILENT_BEATS = 3;
/** How long a new relay waits for its own `lost` to come back before letting the stream open. */
const ECHO_TIMEOUT_MS = 1000;

/**
 * The change feed with REDIS_URL (docs/live.md, Across instances): one instance of the set, the
 * relay, holds the only listening connection to PostgreSQL (with the advisory lock `hearth-live-relay`,
 * so there is never a second) and publishes each notification, in commit order, on the Redis channel
 * `<REDIS_KEY_PREFIX>live`; every instance, the relay too, subscribes to that channel and fans out
 * what it hears. The events still come from the database's notifications, sent by the commit
 * itself: nothing is published for a rolled-back change, or by the service's own code.
 *
 * Messages are `<kind>\n<payload>`: `hearth_changes` and `hearth_access` (the notification as
 * PostgreSQL sent it, or a stream ended by its user's newer ones: RedisStreamRegistry), `beat` (the relay is alive),
 * `lost` (a new relay: what committed before it
 * listened was heard by no one, so every stream ends and resumes from the history) and `stop` (the
 * relay is shutting down: take over now).
 *
 * Outages: a subscriber that loses Redis ends its streams (`restart`) and new streams are refused
 * with 503 until Redis answers again; a relay that cannot publish, or loses PostgreSQL, steps down,
 * and the next relay's `lost` makes every client resume from the history.
 */
export class RedisChangeFeed extends ChangeFeed implements OnModuleDestroy {
  private readonly logger = new Logger(RedisChangeFeed.name);
  private readonly channel: string;
  private readonly relay: ListeningConnection;
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> | null = null;
  /** set while this instance is the relay */
  private publisher: Redis | null = null;
  private claiming: Promise<void> | null = null;
  private lastHeard = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly echoes = new Map<string, () => void>();
  private closing = false;

  constructor(private readonly config: AppConfig) {
    super();
    this.channel = liveChannel(config);
    this.relay = new ListeningConnection(
      config,
      {
        notification: (channel, payload) => this.publish(channel, payload),
        lost: () => void this.stepDown('lost its database connection', true),
      },
      'hearth-live-relay',
    );
  }

  async ready(): Promise<void> {
    if (this.closing) throw new Error('the change feed is closed');
    this.subscribed ??= this.subscribe().catch((error) => {
      this.subscribed = null;
      throw unavailable(error);
    });
    await this.subscribed;
    if (!this.publisher && this.silent()) await this.claim().catch((error) => Promise.reject(isDatabaseUnavailable(error) ? error : unavailable(error)));
  }

  private connection(options: RedisOptions): Redis {
    // ioredis is required only when REDIS_URL is set (as the rate limiter does)
    const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
    // no reconnecting behind our back and no queue: what is missed while Redis is away is resumed from the history
    return new RedisClient(this.config.redisUrl!, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: this.config.databaseTimeoutMs,
      ...options,
    });
  }

  private async subscribe(): Promise<void> {
    const subscriber = this.connection({ autoResubscribe: false });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    subscriber.once('close', () => {
      if (this.subscriber !== subscriber) return;
      this.subscriber = null;
      this.subscribed = null;
      clearInterval(this.timer);
      this.timer = undefined;
      if (!this.closing) {
        this.logger.warn('live change feed lost its Redis connection');
        this.listener?.lost();
      }
    });
    try {
      await subscriber.connect();
      await subscriber.subscribe(this.channel);
    } catch (error) {
      subscriber.disconnect();
      throw error;
    }
    this.subscriber = subscriber;
    this.lastHeard = 0;
    this.timer = setInterval(() => this.tick(), BEAT_MS).unref();
  }

  private silent(): boolean {
    return Date.now() - this.lastHeard > SILENT_BEATS * BEAT_MS;
  }

  private tick(): void {
    if (this.publisher) this.publish('beat', '');
    else if (this.silent()) this.claim().catch((error) => this.logger.warn(`live relay could not take over: ${(error as Error).message}`));
  }

  /**
   * Becomes the relay unless another process is: takes the lock with the listening connection,
   * then tells every instance (itself too) that what committed before was not relayed.
   */
  private claim(): Promise<void> {
    this.claiming ??= (async () => {
      const publisher = this.connection({});
      publisher.on('error', () => undefined);
      try {
        await publisher.connect();
        if (!(await this.relay.open())) {
          // another process relays: wait for its beats before trying again
          this.lastHeard = Date.now();
          return publisher.disconnect();
        }
      } catch (error) {
        publisher.disconnect();
        throw error;
      }
      this.publisher = publisher;
      publisher.once('close', () => {
        if (this.publisher === publisher) void this.stepDown('lost its Redis connection', false);
      });
      this.logger.log('this instance relays live changes to Redis');
      const token = randomUUID();
      const echoed = new Promise<void>((resolve) => {
        this.echoes.set(token, resolve);
        setTimeout(resolve, ECHO_TIMEOUT_MS).unref();
      });
      this.publish('lost', token);
      await echoed;
      this.echoes.delete(token);
    })().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  private publish(kind: string, payload: string): void {
    const publisher = this.publisher;
    publisher?.publish(this.channel, `${kind}\n${payload}`).catch((error: Error) => {
      if (this.publisher === publisher) void this.stepDown(`could not publish: ${error.message}`, false);
    });
  }

  /** Gives up relaying (the lock goes with the listening connection); another instance takes over. */
  private async stepDown(why: string, announce: boolean): Promise<void> {
    const publisher = this.publisher;
    if (!publisher) return;
    if (!this.closing) this.logger.warn(`live relay stepped down: ${why}`);
    if (announce) await publisher.publish(this.channel, 'lost\n').catch(() => undefined);
    this.publisher = null;
    publisher.disconnect();
    await this.relay.close(true);
  }

  private receive(message: string): void {
    const newline = message.indexOf('\n');
    const kind = message.slice(0, newline);
    const payload = message.slice(newline + 1);
    this.lastHeard = Date.now();
    if (kind === 'lost') {
      this.listener?.lost();
      this.echoes.get(payload)?.();
    } else if (kind === 'stop') {
      this.lastHeard = 0;
      if (!this.closing) this.tick();
    } else if (kind !== 'beat') {
      this.deliver(kind, payload);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.claiming?.catch(() => undefined);
    const publisher = this.publisher;
    this.publisher = null;
    await this.relay.close();
    if (publisher) {
      await publisher.publish(this.channel, 'stop\n').catch(() => undefined);
      publisher.disconnect();
    }
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}

function unavailable(cause: unknown): AppError {
  const error = new AppError(503, 'SERVICE_UNAVAILABLE', 'Live changes are unavailable (Redis cannot be reached); try again shortly', undefined, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });
  error.cause = cause;
  return error;
}

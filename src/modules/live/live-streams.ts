import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { canSee, Viewer } from '../history/visibility';
import { AccessChange, ChangeFeed, ChangeFeedListener, CommittedChange } from './change-feed';
import { Cursor, CursorSeal, safeCursor } from './cursor';
import { EndReason, EventSink, frame, KEEP_ALIVE } from './sse';
import { RegisteredStream, StreamRegistry } from './stream-registry';
import type { LiveChangeDto } from './dto/live-change.dto';

/** What a stream was opened with: the caller's claims and the session and expiry of its token. */
export interface StreamOwner extends Viewer {
  sessionId: string;
  permsVersion: number;
  /** when the access token expires (ms since the epoch) */
  expiresAt: number;
}

/** A stream whose client reads this far behind is ended (it resumes with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export class LiveStream {
  readonly id = randomUUID();
  /** settles once every instance counts the stream (StreamRegistry) */
  registered: Promise<void> = Promise.resolve();
  /** the highest cursor sent on this stream; an event whose cursor is not above it goes without `id:` */
  lastId: Cursor = 0n;
  /** events that arrived while the replay of a resume was being read: sent after it */
  pending: { seq: string; cursor: Cursor; id: string; text: string }[] | null = [];
  closed = false;
  expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly owner: StreamOwner,
    readonly sink: EventSink,
  ) {}

  get entry(): RegisteredStream {
    return { id: this.id, userId: this.owner.userId, expiresAt: this.owner.expiresAt };
  }

  /**
   * Sends a change (`text` is its frame without the `id:` line, `id` that line, both built once for
   * every stream) in order, keeping ids increasing.
   */
  send(seq: string, cursor: Cursor, id: string, text: string): void {
    if (this.pending) {
      this.pending.push({ seq, cursor, id, text });
      return;
    }
    if (cursor > this.lastId) {
      this.lastId = cursor;
      this.sink.write(id + text);
    } else {
      this.sink.write(text);
    }
  }
}

/**
 * The open streams of this instance and the fan-out of committed changes to them (docs/live.md).
 * Streams are indexed by group, user, session and admins, so a change visits only the streams that
 * may receive it; each one's visibility is decided by the history's rule (`canSee`), and the frame
 * is built once per change.
 */
@Injectable()
export class LiveStreams implements ChangeFeedListener, OnModuleDestroy {
  private readonly logger = new Logger(LiveStreams.name);
  private readonly byId = new Map<string, LiveStream>();
  private readonly byGroup = new Map<string, Set<LiveStream>>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private readonly admins = new Set<LiveStream>();
  private count = 0;
  /** admitted, not yet open: counted against this instance's cap */
  private reserved = 0;
  /** ended streams not yet counted out of the registry (one statement for a burst) */
  private leaving: RegisteredStream[] = [];
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    feed: ChangeFeed,
    private readonly registry: StreamRegistry,
    private readonly seal: CursorSeal,
  ) {
    feed.setListener(this);
  }

  get size(): number {
    return this.count;
  }

  /** Holds a place for a stream about to open; false when this instance serves its most (LIVE_MAX_STREAMS_PER_INSTANCE). */
  reserve(): boolean {
    if (this.count + this.reserved >= this.config.live.maxStreamsPerInstance) return false;
    this.reserved++;
    return true;
  }

  /** Gives back a place `reserve` held, for a stream that did not open. */
  unreserve(): void {
    this.reserved = Math.max(0, this.reserved - 1);
  }

  /**
   * Registers a stream in the place `reserve` held (its events are held until `release`), then
   * counts it in with every instance, which ends the owner's oldest streams beyond their limit.
   */
  open(owner: StreamOwner, sink: EventSink): LiveStream {
    this.unreserve();
    const stream = new LiveStream(owner, sink);
    this.byId.set(stream.id, stream);
    add(this.byGroup, owner.groupId, stream);
    add(this.byUser, owner.userId, stream);
    add(this.bySession, owner.sessionId, stream);
    if (owner.role === 'Admin') this.admins.add(stream);
    this.count++;
    sink.onClose(() => this.forget(stream));
    stream.expiry = setTimeout(() => this.end(stream, 'expired'), Math.max(0, owner.expiresAt - Date.now()));
    stream.expiry.unref();
    this.keepAlive ??= setInterval(() => this.beat(), this.config.live.keepAliveSeconds * 1000).unref();
    stream.registered = this.registry.add(stream.entry);
    return stream;
  }

  /** Sends what arrived during the replay, except what the replay already sent, and goes live. */
  release(stream: LiveStream, replayed: ReadonlySet<string>): void {
    const pending = stream.pending ?? [];
    stream.pending = null;
    for (const event of pending) if (!replayed.has(event.seq)) stream.send(event.seq, event.cursor, event.id, event.text);
  }

  /** Ends a stream, saying why in a last `end` event. */
  end(stream: LiveStream, reason: EndReason): void {
    if (stream.closed) return;
    stream.sink.write(frame('end', { reason }));
    stream.sink.end();
    this.forget(stream);
  }

  change(change: CommittedChange): void {
    const cursor = safeCursor(change.tx, change.seq, change.horizon);
    // built once, and only when a stream receives the change
    let id: string | undefined;
    let text: string | undefined;
    const offer = (stream: LiveStream) => {
      if (stream.closed || !canSee(stream.owner, change, { ownAccount: true })) return;
      id ??= `id: ${this.seal.seal(cursor)}\n`;
      text ??= frame('change', eventData(change));
      stream.send(change.seq, cursor, id, text);
      if (stream.sink.buffered > MAX_BUFFERED_BYTES) this.end(stream, 'slow');
    };
    if (change.adminOnly) {
      for (const stream of this.admins) offer(stream);
      if (change.entityType === 'User') for (const stream of this.byUser.get(change.entityId) ?? []) if (stream.owner.role !== 'Admin') offer(stream);
    } else if (change.groupId) {
      for (const stream of this.byGroup.get(change.groupId) ?? []) offer(stream);
    }
  }

  access(change: AccessChange): void {
    if (change.kind === 'stream') {
      const stream = this.byId.get(change.streamId);
      if (stream) this.end(stream, 'limit');
    } else if (change.kind === 'session') {
      for (const stream of this.bySession.get(change.sessionId) ?? []) this.end(stream, 'revoked');
    } else {
      for (const stream of this.byUser.get(change.userId) ?? []) {
        if (stream.owner.permsVersion !== change.permsVersion) this.end(stream, 'permissions');
      }
    }
  }

  lost(): void {
    this.endAll('restart');
  }

  endAll(reason: EndReason): void {
    for (const streams of this.byUser.values()) for (const stream of streams) this.end(stream, reason);
  }

  /** A shutting-down instance ends its streams first, so clients reconnect elsewhere. */
  async onModuleDestroy(): Promise<void> {
    const open = [...this.byId.values()];
    this.endAll('restart');
    await Promise.allSettled(open.map((stream) => stream.registered));
    await this.countOut();
  }

  private async countOut(): Promise<void> {
    const leaving = this.leaving;
    if (leaving.length === 0) return;
    this.leaving = [];
    await this.registry.remove(leaving).catch((error: Error) => this.logger.warn(`ended live streams not counted out: ${error.message}`));
  }

  private beat(): void {
    for (const streams of this.byUser.values()) {
      for (const stream of streams) {
        stream.sink.write(KEEP_ALIVE);
        if (stream.sink.buffered > MAX_BUFFERED_BYTES) this.end(stream, 'slow');
      }
    }
  }

  private forget(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.expiry);
    this.byId.delete(stream.id);
    // counted out once counted in; the ends of one tick go together
    void stream.registered.then(
      () => {
        if (this.leaving.push(stream.entry) === 1) setImmediate(() => void this.countOut());
      },
      () => undefined,
    );
    remove(this.byGroup, stream.owner.groupId, stream);
    remove(this.byUser, stream.owner.userId, stream);
    remove(this.bySession, stream.owner.sessionId, stream);
    this.admins.delete(stream);
    this.count--;
    if (this.count === 0) {
      clearInterval(this.keepAlive);
      this.keepAlive = undefined;
    }
  }
}

/** The event's `data`: ids only, never field values (clients refetch through the ordinary endpoints). */
export function eventData(change: Pick<CommittedChange, 'entityType' | 'entityId' | 'parentId' | 'action' | 'userId' | 'at'>): LiveChangeDto {
  return {
    entityType: change.entityType,
    entityId: change.entityId,
    ...(change.parentId ? { parentId: change.parentId } : {}),
    action: change.action,
    userId: change.userId,
    at: new Date(change.at).toISOString(),
  };
}

function add<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(stream);
}

function remove<K>(index: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = index.get(key);
  if (set?.delete(stream) && set.size === 0) index.delete(key);
}

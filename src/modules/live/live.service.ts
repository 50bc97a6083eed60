import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { RateLimitStore } from '../../infrastructure/rate-limit/rate-limit.store';
import { SessionsRepository } from '../auth/sessions.repository';
import { HistoryService } from '../history/history.service';
import { ChangeFeed } from './change-feed';
import { cursorOf, CursorSeal, horizonCursor } from './cursor';
import { eventData, LiveStreams, StreamOwner } from './live-streams';
import { EndReason, EventSink, frame } from './sse';

/** Stream opens are counted per user over this window (RATE_LIMIT_LIVE_OPENS_PER_MINUTE). */
const OPENS_WINDOW_MS = 60_000;
/** A full instance asks clients to come back after this long (or to another instance). */
const FULL_RETRY_AFTER_SECONDS = 30;
/** A cursor handed out later than this (a clock ahead of the others) is not trusted either. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Opens live streams (GET /events, docs/live.md): listening first, then the replay of what a
 * resuming client missed (from the action history, with the same visibility rule as the live
 * events), then the live events, none lost and none twice.
 */
@Injectable()
export class LiveService {
  private readonly logger = new Logger(LiveService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
    private readonly streams: LiveStreams,
    private readonly history: HistoryService,
    private readonly sessions: SessionsRepository,
    private readonly rateLimits: RateLimitStore,
    private readonly cursors: CursorSeal,
  ) {}

  /**
   * Before the response starts: the caller has not opened too many streams this minute (429), this
   * instance listens (a database or Redis outage is a 503 like any other) and has room for one
   * more stream (429). The place is held for `open`; `cancel` gives it back.
   */
  async admit(user: AuthUser): Promise<void> {
    if (this.config.rateLimit.enabled) {
      const { count, resetSeconds } = await this.rateLimits.hit(`live-open:${user.userId}`, OPENS_WINDOW_MS);
      if (count > this.config.rateLimit.liveOpensPerMinute) {
        throw AppError.tooManyRequests('RATE_LIMITED', 'Too many live streams opened; try again shortly', resetSeconds);
      }
    }
    await this.feed.ready();
    if (!this.streams.reserve()) {
      throw AppError.tooManyRequests('STREAMS_FULL', 'This instance serves as many live streams as it may; try again shortly', FULL_RETRY_AFTER_SECONDS);
    }
  }

  /** Gives back the place `admit` held, for a stream that will not open. */
  cancel(): void {
    this.streams.unreserve();
  }

  /**
   * Starts the stream on `sink`. Without `lastEventId` it begins with `ready` carrying the current
   * cursor; with one it first replays the missed changes (or sends `reset` when they are more than
   * the replay limit, or the cursor is unknown, older than the replay window or from before the
   * last restore), then `ready`.
   */
  async open(owner: StreamOwner, sink: EventSink, lastEventId: string | undefined): Promise<void> {
    // registered before reading anything: what commits from now on (changes, revocations) reaches it
    const stream = this.streams.open(owner, sink);
    const replayed = new Set<string>();
    try {
      const [ended, tx] = await Promise.all([this.stillAllowed(owner), this.history.horizon(), stream.registered]);
      if (ended) return this.streams.end(stream, ended);
      // every row below this cursor is committed (or never will be), and read below if it is missed
      const horizon = horizonCursor(tx);
      let cursor = horizon;
      let resumed = false;
      if (lastEventId !== undefined) {
        const given = this.resumable(lastEventId, horizon);
        const limit = this.config.live.replayLimit;
        const rows = given ? await this.history.changesAfter(owner, given, limit + 1) : null;
        if (stream.closed) return;
        if (rows === null || rows.length > limit) {
          sink.write(frame('reset', {}, this.cursors.seal(horizon)));
        } else {
          resumed = true;
          cursor = given!.cursor;
          for (const row of rows) {
            replayed.add(row.seq);
            // a row above the horizon may have an older, still running transaction below it: no id that passes that
            const at = cursorOf(row.tx, row.seq) < horizon ? cursorOf(row.tx, row.seq) : horizon;
            const id = at > cursor ? this.cursors.seal((cursor = at)) : undefined;
            sink.write(frame('change', eventData({ ...row, at: row.createdDate.toISOString() }), id));
          }
          if (horizon > cursor) cursor = horizon;
        }
      }
      if (stream.closed) return;
      stream.lastId = cursor;
      sink.write(frame('ready', { resumed }, this.cursors.seal(cursor)));
      this.streams.release(stream, replayed);
    } catch (error) {
      this.logger.warn(`live stream could not start: ${(error as Error).message}`);
      this.streams.end(stream, 'restart');
    }
  }

  /**
   * Why the stream must end at once, read after it was registered: a revocation or a permission
   * change that committed between the guard's check and the registration was announced before the
   * stream could hear it, so the session and PermsVersion are read again.
   */
  private async stillAllowed(owner: StreamOwner): Promise<EndReason | null> {
    const row = await this.sessions.findSessionCheck(owner.sessionId, owner.userId);
    if (!row?.live) return 'revoked';
    if (row.status !== 'Active' || row.perms_version !== owner.permsVersion) return 'permissions';
    return null;
  }

  /** The place a resume starts from, or null when the cursor cannot be resumed (then `reset`). */
  private resumable(lastEventId: string, horizon: bigint): { tx: string; seq: string; cursor: bigint } | null {
    // one this installation sealed since its last restore (a restore renews the key)
    const given = this.cursors.open(lastEventId);
    if (!given || given.cursor > horizon) return null;
    // within the replay window: an older one would read back through more history than a refetch costs
    const age = Date.now() - given.issuedAt;
    if (age > this.config.live.replayWindowSeconds * 1000 || age < -CLOCK_SKEW_MS) return null;
    return given;
  }
}

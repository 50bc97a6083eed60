import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { HistoryService } from '../history/history.service';
import { ChangeFeed } from './change-feed';
import { eventData, LiveStreams, StreamOwner } from './live-streams';
import { EventSink, frame } from './sse';

/** A cursor as clients echo it: the decimal `id:` of an event. */
const CURSOR = /^\d{1,19}$/;

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
  ) {}

  /** Before the response starts: this instance listens (a database outage is a 503 like any other). */
  prepare(): Promise<void> {
    return this.feed.ready();
  }

  /**
   * Starts the stream on `sink`. Without `lastEventId` it begins with `ready` carrying the current
   * cursor; with one it first replays the missed changes (or sends `reset` when they are more than
   * the replay limit, or the cursor is unknown), then `ready`.
   */
  async open(owner: StreamOwner, sink: EventSink, lastEventId: string | undefined): Promise<void> {
    // registered before reading the history: what commits from now on is held, nothing falls between
    const stream = this.streams.open(owner, sink);
    const replayed = new Set<bigint>();
    try {
      const last = await this.history.lastCursor();
      let cursor = BigInt(last);
      let resumed = false;
      if (lastEventId !== undefined) {
        const given = CURSOR.test(lastEventId.trim()) ? BigInt(lastEventId.trim()) : null;
        const limit = this.config.live.replayLimit;
        const rows = given !== null && given <= cursor ? await this.history.changesAfter(owner, given.toString(), limit + 1) : null;
        if (stream.closed) return;
        if (rows === null || rows.length > limit) {
          sink.write(frame('reset', {}, cursor.toString()));
        } else {
          resumed = true;
          for (const row of rows) {
            const seq = BigInt(row.seq);
            replayed.add(seq);
            sink.write(frame('change', eventData({ ...row, at: row.createdDate.toISOString() }), row.seq));
            if (seq > cursor) cursor = seq;
          }
        }
      }
      if (stream.closed) return;
      stream.lastId = cursor;
      sink.write(frame('ready', { resumed }, cursor.toString()));
      this.streams.release(stream, replayed);
    } catch (error) {
      this.logger.warn(`live stream could not start: ${(error as Error).message}`);
      this.streams.end(stream, 'restart');
    }
  }
}

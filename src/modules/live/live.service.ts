import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { HistoryService } from '../history/history.service';
import { ChangeFeed } from './change-feed';
import { cursorOf, formatCursor, horizonCursor, parseCursor } from './cursor';
import { eventData, LiveStreams, StreamOwner } from './live-streams';
import { EventSink, frame } from './sse';

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
    const replayed = new Set<string>();
    try {
      // every row below this cursor is committed (or never will be), and read below if it is missed
      const horizon = horizonCursor(await this.history.horizon());
      let cursor = horizon;
      let resumed = false;
      if (lastEventId !== undefined) {
        const given = parseCursor(lastEventId);
        const limit = this.config.live.replayLimit;
        const rows = given && given.cursor <= horizon ? await this.history.changesAfter(owner, given, limit + 1) : null;
        if (stream.closed) return;
        if (!given || rows === null || rows.length > limit) {
          sink.write(frame('reset', {}, formatCursor(horizon)));
        } else {
          resumed = true;
          cursor = given.cursor;
          for (const row of rows) {
            replayed.add(row.seq);
            // a row above the horizon may have an older, still running transaction below it: no id that passes that
            const at = cursorOf(row.tx, row.seq) < horizon ? cursorOf(row.tx, row.seq) : horizon;
            const id = at > cursor ? formatCursor((cursor = at)) : undefined;
            sink.write(frame('change', eventData({ ...row, at: row.createdDate.toISOString() }), id));
          }
          if (horizon > cursor) cursor = horizon;
        }
      }
      if (stream.closed) return;
      stream.lastId = cursor;
      sink.write(frame('ready', { resumed }, formatCursor(cursor)));
      this.streams.release(stream, replayed);
    } catch (error) {
      this.logger.warn(`live stream could not start: ${(error as Error).message}`);
      this.streams.end(stream, 'restart');
    }
  }
}

import { statement } from '../../database/sql';

/**
 * Registers the stream $1 of the user $2 (its token expires at $3) and ends the user's oldest
 * streams beyond $4, on whichever instance they are: their ids come back, and each is announced on
 * `hearth_access` as `stream:<id>` when this commits (`hearth_live_open`, migration LiveReplayAndStreams).
 */
export const LIVE_STREAM_OPEN = statement('live_stream_open', 'SELECT hearth_live_open($1::uuid, $2::uuid, $3::timestamptz, $4::int) AS id');

/** Forgets ended streams ($1 their ids). */
export const LIVE_STREAMS_CLOSE = statement('live_streams_close', 'DELETE FROM live_streams WHERE id = ANY($1::uuid[])');

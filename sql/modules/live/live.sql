-- live_stream_open
SELECT hearth_live_open($1::uuid, $2::uuid, $3::timestamptz, $4::int) AS id;

-- live_streams_close
DELETE FROM live_streams WHERE id = ANY($1::uuid[]);

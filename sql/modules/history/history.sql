-- history_horizon
SELECT least(hearth_oldest_running(), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)::text AS tx;

-- backup_running
SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') LIMIT 1;

-- backup_start_lock
SELECT pg_advisory_xact_lock(7461626374);

-- backup_status
SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')) AS running,
          last.state, last.completed_on AS at, last.output->>'message' AS message
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (
       SELECT state, completed_on, output FROM pgboss.job
        WHERE name = $1 AND state IN ('completed', 'failed') AND completed_on IS NOT NULL
        ORDER BY completed_on DESC LIMIT 1
     ) AS last ON true;

#!/usr/bin/env bash
# Runs the browser tests that read the date or the hour with every clock (the test runner's, the
# service's and Chromium's) set just before midnight at the end of a month, under libfaketime
# (Debian's `faketime` package), in UTC and in America/New_York (whose midnight is 04:00/05:00 UTC,
# while the service keeps UTC). The tests must pass on both sides of midnight; CI runs them at the
# real hour, this sweep runs them where the day, the month and the year change.
#   bash scripts/midnight-sweep.sh [test files…]   (after `npm run build`)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { apt-get update -qq && apt-get install -y -qq faketime >/dev/null; }
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  # every browser file that reads the machine's clock
  mapfile -t files < <(grep -l -E 'new Date\(\)|Date\.now\(\)' web/e2e/*.e2e.ts)
fi
# The database's clock moves too: a PostgreSQL of its own (Debian's, as CI's) under the same offset,
# restarted for each file, on a port of its own.
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDATA=/tmp/hearth-sweep-postgres
PGPORT=${SWEEP_PGPORT:-5441}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  rm -rf "$PGDATA"; mkdir -p "$PGDATA"; chown postgres "$PGDATA"
  su postgres -c "$PGBIN/initdb -D $PGDATA -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
fi
stop_db() { su postgres -c "$PGBIN/pg_ctl -D $PGDATA -m fast stop >/dev/null 2>&1" || true; }
trap stop_db EXIT
export DATABASE_ADMIN_URL="postgresql://postgres@127.0.0.1:${PGPORT}/postgres"

status=0
# Each file starts 30 s before the last midnight of a month and of a year, in each zone's own time;
# the clocks are moved by an offset, so every process (the runner, the service, Chromium,
# PostgreSQL) is at the same moment whenever it starts.
runs=('UTC|2026-11-30 23:59:30' 'UTC|2026-12-31 23:59:30' 'America/New_York|2026-11-30 23:59:30')
# SWEEP_RUN='zone|time' runs one moment only
[ -n "${SWEEP_RUN:-}" ] && runs=("$SWEEP_RUN")
for run in "${runs[@]}"; do
  zone=${run%%|*}; at=${run#*|}
  for file in "${files[@]}"; do
    offset=$(( $(date -d "TZ=\"${zone}\" ${at}" +%s) - $(date +%s) ))
    fake=$(printf "%+ds" "$offset")
    stop_db
    # postgres itself, not pg_ctl (which waits forever under libfaketime)
    su postgres -c "nohup faketime -f '$fake' $PGBIN/postgres -D $PGDATA -p $PGPORT -c listen_addresses=127.0.0.1 >$PGDATA/log 2>&1 </dev/null &"
    for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p "$PGPORT" && break; sleep 0.2; done
    echo "== ${file}: ${at} in ${zone} (the service keeps UTC)"
    TZ=$zone E2E_TIMEZONE=$zone faketime -f "$fake" \
      npx playwright test --config web/e2e/playwright.config.ts "$file" || { status=1; echo "FAILED: ${file} at ${at} ${zone}"; }
  done
done
exit $status

#!/bin/sh
# The streaming replica in deploy/compose.yaml. On its first start (no data directory yet) it
# copies the primary with pg_basebackup: -X stream brings the WAL written meanwhile, -C -S a
# slot so the primary keeps what the replica has not replayed yet, -R standby.signal and
# primary_conninfo. Then it runs PostgreSQL, a hot standby that follows the primary.
set -eu
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"
: "${PGDATA:?PGDATA is not set}"
: "${PGPASSFILE:?PGPASSFILE is not set}"
host=${PRIMARY_HOST:-db-primary}
port=${PRIMARY_PORT:-5432}
slot=${REPLICATION_SLOT:-replica1}

# The password in a password file, written at every start: -R copies the connection settings
# into postgresql.auto.conf, and a password given any other way would be written there in
# plain text. The walreceiver reads this file each time it connects. `:` and `\` are escaped.
umask 077
password=$(printf '%s' "$REPLICATION_PASSWORD" | sed 's/[\\:]/\\&/g')
printf '%s:%s:*:replicator:%s\n' "$host" "$port" "$password" > "$PGPASSFILE"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  # A copy is made beside the data directory and moved into place whole, so a start that
  # died halfway leaves no half-copy to run; the slot of a replica made before is dropped
  # first (a slot nobody streams from would keep WAL on the primary for ever).
  rm -rf "$PGDATA.partial"
  psql -h "$host" -p "$port" -U replicator -d postgres -v ON_ERROR_STOP=1 -qAt -v slot="$slot" <<'SQL'
SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots
 WHERE slot_name = :'slot' AND NOT active;
SQL
  pg_basebackup -h "$host" -p "$port" -U replicator -D "$PGDATA.partial" \
    -R -X stream -C -S "$slot" -c fast --no-password
  rmdir "$PGDATA" 2>/dev/null || true
  mv "$PGDATA.partial" "$PGDATA"
fi

exec postgres "$@"

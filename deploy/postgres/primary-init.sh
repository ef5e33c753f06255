#!/bin/sh
# The PostgreSQL primary's first start in deploy/compose.yaml (the official image runs
# /docker-entrypoint-initdb.d/ once, on an empty data directory): the role the replica copies
# and streams with, and the pg_hba line that lets it. Its password comes from the environment
# (REPLICATION_PASSWORD, deploy/.env) through psql's own variable, never on a command line.
set -eu
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
\set password `printenv REPLICATION_PASSWORD`
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SQL

# "all" in pg_hba's database column does not cover replication connections.
echo 'host replication replicator all scram-sha-256' >> "$PGDATA/pg_hba.conf"

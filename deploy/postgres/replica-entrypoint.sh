#!/bin/sh
# A streaming replica of the compose's `postgres` (profile `replica`): on an empty volume, a base backup with -R
# (standby.signal and primary_conninfo written), retried until the primary answers; then PostgreSQL as a hot standby.
set -eu
DATA=/var/lib/postgresql/data/pgdata
if [ ! -s "$DATA/PG_VERSION" ]; then
  until pg_basebackup -h postgres -U postgres -D "$DATA" -R -X stream -c fast; do
    echo 'postgres-replica: the primary is not ready for a base backup yet; trying again in 2 s'
    rm -rf "$DATA"
    sleep 2
  done
fi
exec postgres -D "$DATA"

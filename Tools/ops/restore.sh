#!/usr/bin/env bash
# Restores a folder made by backup.sh into an EMPTY database and data folder (it refuses to
# overwrite anything). Stop every Scanbook instance first; start them after it finished.
#
#   PostgreSQL: create the database first (`createdb -O scanbook scanbook`), then
#     DATABASE_URL=postgres://scanbook@db/scanbook SCANBOOK_DATA_DIR=/srv/scanbook Tools/ops/restore.sh /backups/scanbook-2025-06-01
#   SQLite: SCANBOOK_DATA_DIR=/srv/scanbook Tools/ops/restore.sh /backups/scanbook-2025-06-01
#
# Checks SHA256SUMS first, restores the database (pg_restore in one transaction, or the SQLite
# file), unpacks blobs.tar into the data folder and checks every blob file against its name.
# Afterwards `scanbook blobs verify` re-reads every photo of the configured store.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 BACKUP_FOLDER" >&2; exit 2; }
backup=$(cd "$1" && pwd)
data=${SCANBOOK_DATA_DIR:-./data}
database_url=${DATABASE_URL:-}
pg() { "${PG_BIN:+$PG_BIN/}$1" "${@:2}"; }
fail() { echo "restore: $*" >&2; exit 1; }

[ -f "$backup/manifest" ] && [ -f "$backup/SHA256SUMS" ] || fail "$backup is not a backup.sh folder (no manifest)"
(cd "$backup" && sha256sum --quiet --strict -c SHA256SUMS) || fail "$backup is damaged: checksums do not match"
kind=$(sed -n 's/^database=//p' "$backup/manifest")

# Refuse before changing anything.
if [ "$kind" = postgres ]; then
  [ -n "$database_url" ] || fail "the backup is of PostgreSQL: set DATABASE_URL to an empty database"
  tables=$(pg psql -X -A -t -d "$database_url" -c \
    "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
  [ "$tables" = 0 ] || fail "the database has $tables tables already; restore into an empty one"
else
  [ -z "$database_url" ] || fail "the backup is of SQLite: unset DATABASE_URL"
  [ ! -e "$data/scanbook.sqlite" ] || fail "$data/scanbook.sqlite exists already"
fi
if [ -f "$backup/blobs.tar" ] && [ -d "$data/blobs" ] && [ -n "$(ls -A "$data/blobs")" ]; then
  fail "$data/blobs is not empty"
fi

mkdir -p "$data"
if [ "$kind" = postgres ]; then
  pg pg_restore --no-owner --no-privileges --exit-on-error --single-transaction -d "$database_url" "$backup/database.dump"
else
  cp "$backup/scanbook.sqlite" "$data/scanbook.sqlite.restoring"
  mv "$data/scanbook.sqlite.restoring" "$data/scanbook.sqlite"
fi

files=0
if [ -f "$backup/blobs.tar" ]; then
  tar -C "$data" -xf "$backup/blobs.tar"
  # Each file is named by the SHA-256 of its bytes: blobs/ab/cdef… holds bytes hashing to abcdef….
  while IFS= read -r -d '' file; do
    name=$(basename "$(dirname "$file")")$(basename "$file")
    [ "$(sha256sum < "$file" | cut -d' ' -f1)" = "$name" ] || fail "blob $file does not match its name"
    files=$((files + 1))
  done < <(find "$data/blobs" -mindepth 2 -maxdepth 2 -type f -path "$data/blobs/??/*" -print0)
fi
echo "restore: $kind database from $backup, $files blob files checked; start the instances, then run \`scanbook blobs verify\`"

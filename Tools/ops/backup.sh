#!/usr/bin/env bash
# Backs up a Scanbook installation into one new folder, while the servers keep running:
#
#   database.dump    DATABASE_URL set: `pg_dump -Fc`, one consistent snapshot of every table; with
#                    the database blob store (the default with PostgreSQL) that includes every photo
#   scanbook.sqlite  DATABASE_URL unset: a consistent copy of <data>/scanbook.sqlite (SQLite's backup API)
#   blobs.tar        the file blob store only (SQLite, or SCANBOOK_BLOB_STORE=files): <data>/blobs
#   manifest         what is in the folder, from where, when (no passwords)
#   SHA256SUMS       checked by restore.sh before it touches anything
#
# It reads the server's own variables: DATABASE_URL, SCANBOOK_DATA_DIR (default ./data),
# SCANBOOK_BLOB_STORE. PG_BIN may name the folder of pg_dump (default: the one on PATH; it must be
# at least the server's version). SCANBOOK_SECRET_KEY is not in the backup: keep it apart.
#
#   DATABASE_URL=postgres://scanbook@db/scanbook Tools/ops/backup.sh /backups/scanbook-$(date +%F)
set -euo pipefail

usage() { echo "usage: $0 NEW_BACKUP_FOLDER" >&2; exit 2; }
[ $# -eq 1 ] || usage
destination=$1
[ ! -e "$destination" ] || { echo "backup: $destination exists already; give a new folder" >&2; exit 1; }

data=${SCANBOOK_DATA_DIR:-./data}
database_url=${DATABASE_URL:-}
store=${SCANBOOK_BLOB_STORE:-$([ -n "$database_url" ] && echo database || echo files)}
case $store in files|database) ;; *) echo "backup: SCANBOOK_BLOB_STORE=$store must be files or database" >&2; exit 1 ;; esac
pg() { "${PG_BIN:+$PG_BIN/}$1" "${@:2}"; }

# Written under a temporary name and renamed at the end: a folder with the final name is complete.
work="$destination.partial"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

if [ -n "$database_url" ]; then
  kind=postgres
  pg pg_dump --format=custom --file="$work/database.dump" "$database_url"
  migrations=$(pg psql -X -A -t -d "$database_url" -c "SELECT count(*) FROM _fluent_migrations")
else
  kind=sqlite
  sqlite_file="$data/scanbook.sqlite"
  [ -f "$sqlite_file" ] || { echo "backup: no SQLite database at $sqlite_file (set SCANBOOK_DATA_DIR or DATABASE_URL)" >&2; exit 1; }
  # SQLite's online backup: a consistent copy while the server writes (the sqlite3 command, else Python's).
  if command -v sqlite3 >/dev/null; then
    sqlite3 "$sqlite_file" ".timeout 10000" ".backup '$work/scanbook.sqlite'"
    migrations=$(sqlite3 "$work/scanbook.sqlite" "SELECT count(*) FROM _fluent_migrations")
  else
    migrations=$(python3 - "$sqlite_file" "$work/scanbook.sqlite" <<'PY'
import sqlite3, sys
source, target = sqlite3.connect(sys.argv[1], timeout=10), sqlite3.connect(sys.argv[2])
source.backup(target)
print(target.execute("SELECT count(*) FROM _fluent_migrations").fetchone()[0])
target.close()
PY
)
  fi
fi

# Taken after the database: a blob file is written before the row that names it, and removed only
# an hour after nothing names it, so every photo the dump refers to is here, unless it was deleted
# and swept between the two (its record then answers 404 for the photo).
blob_files=0
if [ "$store" = files ] && [ -d "$data/blobs" ]; then
  status=0
  tar -C "$data" --exclude=blobs/tmp -cf "$work/blobs.tar" blobs || status=$?
  # 1: a file changed or went while it was read (a blob swept meanwhile); anything else is fatal.
  [ $status -le 1 ] || exit $status
  blob_files=$(tar -tf "$work/blobs.tar" | grep -c '[^/]$' || true)
fi

{
  echo "format=scanbook-backup 1"
  echo "created=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "database=$kind"
  [ "$kind" = postgres ] && echo "source=$(printf '%s' "$database_url" | sed -E 's#//[^@/]*@#//#; s#\?.*##')"
  echo "blob_store=$store"
  echo "blob_files=$blob_files"
  echo "migrations=$migrations"
} > "$work/manifest"
(cd "$work" && for file in database.dump scanbook.sqlite blobs.tar manifest; do
  if [ -e "$file" ]; then sha256sum -- "$file"; fi
done > SHA256SUMS)

mv "$work" "$destination"
trap - EXIT
echo "backup: $destination ($kind database, $store blob store, $blob_files blob files, $(du -sh "$destination" | cut -f1))"

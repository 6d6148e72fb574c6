#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installing it when missing and we are root) and makes sure the
# test role and database exist. Prints the TEST_DATABASE_URL to use.
set -euo pipefail
DB_USER=${PG_TEST_USER:-flash}
DB_PASS=${PG_TEST_PASSWORD:-flash}
DB_NAME=${PG_TEST_DB:-flash_test}

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  else
    echo "PostgreSQL is not installed (Debian: apt-get install postgresql)" >&2
    exit 1
  fi
fi

cluster=$(pg_lsclusters --no-header | awk 'NR==1 {print $1" "$2}')
if [ -z "$cluster" ]; then
  pg_createcluster 15 main >&2
  cluster="15 main"
fi
# shellcheck disable=SC2086
pg_ctlcluster $cluster start >&2 2>/dev/null || true
port=$(pg_lsclusters --no-header | awk 'NR==1 {print $3}')
for _ in $(seq 1 30); do
  runuser -u postgres -- pg_isready -q -p "$port" && break
  sleep 1
done

psql_admin() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -c "select 1 from pg_roles where rolname='$DB_USER'")" != "1" ]; then
  psql_admin -c "create role $DB_USER with login password '$DB_PASS' createdb" >&2
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname='$DB_NAME'")" != "1" ]; then
  psql_admin -c "create database $DB_NAME owner $DB_USER" >&2
fi
echo "postgres://$DB_USER:$DB_PASS@127.0.0.1:$port/$DB_NAME"

#!/usr/bin/env bash
# Starts a local PostgreSQL for the leaderboard server's tests (installing it from Debian's
# packages when missing) and prints the URL the tests take in GEMS_TEST_POSTGRES:
#   export GEMS_TEST_POSTGRES=$(tools/postgres-start.sh)
# The role `gems` (password `gems`) may create databases: each test makes its own.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "installing: postgresql" >&2
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -qtAc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gems') THEN CREATE ROLE gems LOGIN CREATEDB PASSWORD 'gems'; END IF; END \\\$\\\$;\"" >&2
# The databases earlier test runs left.
for db in $(su postgres -c "psql -qtAc \"SELECT datname FROM pg_database WHERE datname LIKE 'gems\\_test\\_%'\""); do
  su postgres -c "dropdb --if-exists $db" >&2
done
echo "postgres://gems:gems@127.0.0.1:5432/postgres"

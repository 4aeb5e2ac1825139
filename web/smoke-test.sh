#!/usr/bin/env bash
# Real-browser test of the web build: serves web/dist on 127.0.0.1 and opens it in headless Debian
# Chromium (software WebGL through SwiftShader): the loading screen's progress bar, a click in
# Modern Gems, a deep link and input for each other game, a mistyped link, links naming a shipped
# board file and a missing one, the page reloaded offline from the service worker, and the error
# pages (no WebGL2, a failed download) with Retry; links that ask for too much; a new build
# offered by "A new version is ready" and taken by Reload; a panic's "The game stopped"; then
# the leaderboards against a real gems-server (web/leaderboard.mjs).
# Leaves screenshots at web/dist/smoke*.png.
# Exits non-zero on any failure.
#   web/build.sh && web/smoke-test.sh
# Needs: chromium (apt-get install chromium), node + npm (installs playwright-core into
# web/.smoke; it drives the system Chromium and downloads no browser), and cargo (it builds
# gems-server for the leaderboards' step).
set -euo pipefail
cd "$(dirname "$0")"
source browser-setup.sh
# Build B: build A with one asset changed, finished like A (web/finish.py), for the update
# test; the server serves whatever `served` points at (A, then B).
[ -d .stage ] || { echo "web/.stage is missing: run web/build.sh first" >&2; exit 1; }
rm -rf .smoke/stage-b .smoke/dist-b .smoke/served
mkdir -p .smoke
cp -r .stage .smoke/stage-b
echo >> .smoke/stage-b/assets/themes/classic.theme.ron
python3 finish.py .smoke/stage-b .smoke/dist-b >/dev/null
ln -s "$PWD/dist" .smoke/served
port=${SMOKE_PORT:-8765}
python3 -m http.server "$port" --bind 127.0.0.1 --directory .smoke/served >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
cp smoke.mjs browser.mjs .smoke/
# The test stops the server itself (offline reload), then serves the build for the error pages.
SMOKE_SERVER_PID=$server SMOKE_DIST="$PWD/dist" SMOKE_SERVED="$PWD/.smoke/served" \
  SMOKE_DIST_B="$PWD/.smoke/dist-b" node .smoke/smoke.mjs "http://127.0.0.1:$port/index.html" "$PWD/dist/smoke.png"
# The leaderboards: the build served by a real gems-server (the page and the API on one
# origin, a fresh SQLite file), today's dailies played in the page with sharing on and
# replayed by the server.
target=$(cd .. && cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
(cd .. && cargo build -q -p gems-server)
board_dir=$(mktemp -d)
lport=${LEADERBOARD_PORT:-8766}
"$target/debug/gems-server" --listen "127.0.0.1:$lport" --web "$PWD/dist" \
  --database "sqlite://$board_dir/leaderboards.sqlite" >"$board_dir/server.log" 2>&1 &
lserver=$!
trap 'kill $server $lserver 2>/dev/null || true; rm -rf "$board_dir"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$lport/api/health" >/dev/null && break; sleep 0.1; done
# Ours, answering (not another program on the port, not a server that failed to start).
if ! kill -0 "$lserver" 2>/dev/null || ! curl -sf "http://127.0.0.1:$lport/api/health" >/dev/null; then
  echo "gems-server did not start on port $lport (LEADERBOARD_PORT picks another):" >&2
  cat "$board_dir/server.log" >&2
  exit 1
fi
cp leaderboard.mjs .smoke/leaderboard.mjs
LEADERBOARD_SHOT="$PWD/dist/smoke-leaderboard.png" node .smoke/leaderboard.mjs "http://127.0.0.1:$lport/index.html" \
  || { echo "gems-server's log:" >&2; cat "$board_dir/server.log" >&2; exit 1; }

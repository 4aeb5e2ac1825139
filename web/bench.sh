#!/usr/bin/env bash
# Benchmarks the browser's AI worker (web/ai-worker.js, crates/gems-worker) in headless Debian
# Chromium beside the desktop engines, in one run on one machine:
#   web/bench.sh [--seconds S] [--expert SECONDS_PER_BOARD] [--frames S] [--viewport WxH]
# - the playouts benchmark: S seconds (default 20) over the 20 standard positions in the worker,
#   then `gems-cli bench playouts --seconds S` natively, and the ratio;
# - with --expert T: the Expert's total on the 20 standard positions at T seconds per board on
#   one worker, and `gems-cli bench samegame --seconds-per-board T --lanes 1` natively;
# - with --frames S: the game's page's frame times on Modern Gems 15x15, S seconds idle and S
#   seconds while the Expert thinks (p99 of each), and K in a row 15x15's first computer move;
#   --viewport sets the page's size (1024x768 by default).
# Needs web/dist (web/build.sh), chromium and node + npm (as web/smoke-test.sh); builds the
# release gems-cli.
set -euo pipefail
cd "$(dirname "$0")"
source browser-setup.sh
(cd .. && cargo build --release -p gems-cli >/dev/null)
target=$(cd .. && cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
port=${BENCH_PORT:-8766}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/sizes.json" >/dev/null && break; sleep 0.1; done
cp bench.mjs browser.mjs .smoke/
BENCH_DIST="$PWD/dist" BENCH_CLI="$target/release/gems-cli" BENCH_BOARDS="$PWD/../assets/boards" \
  node .smoke/bench.mjs "http://127.0.0.1:$port/" "$@"

#!/usr/bin/env bash
# Idle CPU of the desktop game: opens GAME (default dots) in a real window under Xvfb with
# Mesa's software Vulkan, waits for it to settle, then prints the CPU time the process used over
# SECONDS (default 10) as a share of one core, and how many frames it drew meanwhile (from the
# log's frame counter). Usage: tools/idle-cpu.sh [GAME] [SECONDS] [BINARY]
set -euo pipefail
game=${1:-dots}
secs=${2:-10}
bin=${3:-${CARGO_TARGET_DIR:-target}/debug/modern-gems}
data=$(mktemp -d)
log=$(mktemp)
MODERN_GEMS_DATA_DIR=$data xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --game "$game" >"$log" 2>&1 &
wrapper=$!
# The game's own process (xvfb-run starts it as a child).
pid=""
for _ in $(seq 1 100); do
  pid=$(pgrep -f -n "^$bin --game $game" || true)
  [ -n "$pid" ] && break
  sleep 0.2
done
[ -n "$pid" ] || { echo "the game did not start" >&2; cat "$log" >&2; exit 1; }
sleep 8  # start-up, first deal and the first-visit notice settle
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks)
sleep "$secs"
t1=$(ticks)
kill "$pid" 2>/dev/null || true
wait "$wrapper" 2>/dev/null || true
rm -rf "$data" "$log"
awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s="$secs" -v g="$game" \
  'BEGIN { printf "%s idle: %.1f%% of one core over %d s\n", g, 100 * (b - a) / hz / s, s }'

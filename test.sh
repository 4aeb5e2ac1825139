#!/usr/bin/env bash
# Runs every test: a compile check of the web build and the AI worker (wasm32), then all the workspace's tests
# (rules, console transcripts, headless Bevy app, real window under Xvfb, assets).
set -euo pipefail
cd "$(dirname "$0")"
# CI (.ci/run) skips the check with SKIP_WASM_CHECK=1: its web build (web/build.sh) compiles both
# wasm32 modules in full right after.
if [ -z "${SKIP_WASM_CHECK:-}" ]; then
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
  cargo check --target wasm32-unknown-unknown --bin modern-gems
  cargo check --target wasm32-unknown-unknown -p gems-worker
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cargo test --workspace 2>&1 | tee "$log" || status=$?
# One closing line with the totals over every test binary (cargo's last line is a doc-test run).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed/) p += $(i-1); if ($i ~ /^failed/) f += $(i-1) } }
     END { printf "%d passed, %d failed\n", p, f }' "$log"
exit "$status"

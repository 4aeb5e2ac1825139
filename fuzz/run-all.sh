#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600 = 10 minutes), one after the other, and
# prints one line per target. New inputs found go to fuzz/.work/TARGET (not committed); the
# committed seeds in fuzz/corpus/TARGET are read, never modified. Crashes land in
# fuzz/artifacts/TARGET/ and make this script exit non-zero.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
unset CARGO_TARGET_DIR
cargo +nightly fuzz build || exit 1
status=0
for t in "${targets[@]}"; do
    mkdir -p ".work/$t" "corpus/$t"
    log=".work/$t.log"
    if cargo +nightly fuzz run "$t" ".work/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 >"$log" 2>&1; then
        echo "$t: ok, $(grep -E '^Done' "$log" | tail -1)"
    else
        echo "$t: FAILED (see fuzz/$log and fuzz/artifacts/$t/)"
        status=1
    fi
done
exit $status

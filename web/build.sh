#!/usr/bin/env bash
# Builds the web version into web/dist/: the page, the JS glue, the .wasm and the assets.
#   web/build.sh            (then serve web/dist, e.g. python3 -m http.server -d web/dist)
# Needs the wasm32 target (added here) and wasm-bindgen-cli at exactly the wasm-bindgen version
# in Cargo.lock (installed here when missing). Runs wasm-opt (binaryen 116 or newer) when found.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add wasm32-unknown-unknown >/dev/null
version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  echo "installing wasm-bindgen-cli $version"
  # --locked first, as asked; if a pinned dependency of the CLI is missing from the registry,
  # fall back to resolving its dependencies afresh (same CLI version).
  cargo install --locked wasm-bindgen-cli --version "$version" \
    || cargo install wasm-bindgen-cli --version "$version"
fi

target_dir=${CARGO_TARGET_DIR:-target}
cargo build --profile wasm-release --target wasm32-unknown-unknown --bin modern-gems

rm -rf web/dist
mkdir -p web/dist
# The profile keeps function names for size profiles (tools/wasm-size.py); the page needs none.
wasm-bindgen --no-typescript --target web --out-dir web/dist --out-name modern-gems \
  --remove-name-section --remove-producers-section \
  "$target_dir/wasm32-unknown-unknown/wasm-release/modern-gems.wasm"
wasm=web/dist/modern-gems_bg.wasm
# wasm-opt must be recent: binaryen before 116 (e.g. Debian bookworm's 108) breaks the externref
# tables that wasm-bindgen emits, and the page then fails at start-up. A current one comes with
# `npm install binaryen` (node_modules/.bin/wasm-opt); WASM_OPT may name it.
wasm_opt=${WASM_OPT:-$(command -v wasm-opt || true)}
opt_version=$([ -n "$wasm_opt" ] && "$wasm_opt" --version 2>/dev/null | grep -oE '[0-9]+' | head -1 || echo 0)
if [ "${opt_version:-0}" -ge 116 ]; then
  "$wasm_opt" -Oz --enable-simd --enable-reference-types --enable-bulk-memory \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    --enable-multivalue -o "$wasm.opt" "$wasm"
  mv "$wasm.opt" "$wasm"
else
  echo "no wasm-opt 116 or newer (found: ${wasm_opt:-none} ${opt_version:-}); skipping it"
fi
cp web/index.html web/dist/
cp -r assets web/dist/assets
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "web/dist ready: $wasm is $raw bytes raw, $gz bytes gzip"

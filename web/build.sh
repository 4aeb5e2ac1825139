#!/usr/bin/env bash
# Builds the web version into web/dist/: the page, the JS glue, the .wasm and the assets.
#   web/build.sh            (then serve web/dist, e.g. python3 -m http.server -d web/dist)
# Needs the wasm32 target (added here) and wasm-bindgen-cli at exactly the wasm-bindgen version
# in Cargo.lock (installed here when missing), and wasm-opt 116 or newer (fetched with npm into
# web/.binaryen when none is found). Also builds the AI worker's module (crates/gems-worker,
# web/ai-worker.js). Prints both modules' sizes raw, gzip and brotli, writes them into
# web/dist/sizes.json (web/sizes.py), and fails over a ceiling: the page's 13 MiB raw / 4.25 MiB
# gzip (the gzip ceiling is the project's rule), the worker's 512 KiB gzip.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add wasm32-unknown-unknown >/dev/null
web/install-wasm-bindgen.sh

target_dir=${CARGO_TARGET_DIR:-target}
cargo build --profile wasm-release --target wasm32-unknown-unknown --bin modern-gems
# The computer players think in the AI worker: the page's module must hold none of the
# engines (#39), checked by their functions' names while the module still has them.
if ! python3 tools/wasm-size.py "$target_dir/wasm32-unknown-unknown/wasm-release/modern-gems.wasm" \
  --functions 'gems_rules::(gems::(expert|beam)|k_in_a_row::search|solo_red::ai|dots::ai|grid_duel::smart)::' \
  >"${TMPDIR:-/tmp}/page-engines.txt"; then
  cat "${TMPDIR:-/tmp}/page-engines.txt" >&2
  echo "web/build.sh: the page's module holds engine functions (they belong in the AI worker)" >&2
  exit 1
fi

# The files are staged in web/.stage, then web/finish.py gives them content-hashed names in
# web/dist (so a cache can never pair one build's .wasm with another's JS or assets).
stage=web/.stage
rm -rf "$stage"
mkdir -p "$stage"
# The profile keeps function names for size profiles (tools/wasm-size.py); the page needs none.
wasm-bindgen --no-typescript --target web --out-dir "$stage" --out-name modern-gems \
  --remove-name-section --remove-producers-section \
  "$target_dir/wasm32-unknown-unknown/wasm-release/modern-gems.wasm"
wasm=$stage/modern-gems_bg.wasm
# wasm-opt must be recent: binaryen before 116 (e.g. Debian bookworm's 108) breaks the externref
# tables that wasm-bindgen emits, and the page then fails at start-up. WASM_OPT may name one;
# else one on the PATH is used when it is recent enough; else the pinned npm package `binaryen`
# is installed into web/.binaryen (ignored by git) and used. Without npm this fails: the
# unoptimised .wasm is over the size ceiling.
binaryen_pin=132.0.0
opt_version() { "$1" --version 2>/dev/null | grep -oE '[0-9]+' | head -1 || echo 0; }
wasm_opt=${WASM_OPT:-$(command -v wasm-opt || true)}
if [ -z "$wasm_opt" ] || [ "$(opt_version "$wasm_opt")" -lt 116 ]; then
  wasm_opt=web/.binaryen/node_modules/.bin/wasm-opt
  if [ ! -x "$wasm_opt" ] || [ "$(opt_version "$wasm_opt")" -lt 116 ]; then
    if ! command -v npm >/dev/null; then
      echo "web/build.sh: wasm-opt 116 or newer is needed and npm is missing to fetch it;" >&2
      echo "  install npm (Debian: apt-get install npm) or set WASM_OPT to a wasm-opt >= 116" >&2
      exit 1
    fi
    echo "fetching wasm-opt (npm package binaryen@$binaryen_pin) into web/.binaryen"
    mkdir -p web/.binaryen
    (cd web/.binaryen && npm install --silent --no-audit --no-fund "binaryen@$binaryen_pin" >/dev/null)
  fi
fi
echo "wasm-opt $(opt_version "$wasm_opt"): $wasm_opt"
"$wasm_opt" -Oz --enable-simd --enable-reference-types --enable-bulk-memory \
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --enable-multivalue -o "$wasm.opt" "$wasm"
mv "$wasm.opt" "$wasm"
# The AI worker's module (crates/gems-worker): the rules crate's engines alone, built for speed
# (its own profile, and wasm-opt -O3), loaded by web/ai-worker.js in a Web Worker.
cargo build --profile wasm-worker --target wasm32-unknown-unknown -p gems-worker
wasm-bindgen --no-typescript --target web --out-dir "$stage" --out-name ai-engines \
  --remove-name-section --remove-producers-section \
  "$target_dir/wasm32-unknown-unknown/wasm-worker/gems_worker.wasm"
"$wasm_opt" -O3 --enable-simd --enable-reference-types --enable-bulk-memory \
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --enable-multivalue -o "$stage/ai-engines_bg.wasm.opt" "$stage/ai-engines_bg.wasm"
mv "$stage/ai-engines_bg.wasm.opt" "$stage/ai-engines_bg.wasm"
cp web/index.html web/manifest.webmanifest web/ai-worker.js "$stage"/
cp -r web/icons "$stage"/icons
cp -r assets "$stage"/assets
build=$(python3 web/finish.py "$stage" web/dist)
echo "web/dist ready: build $build"
# Both modules' sizes (raw, gzip as `gzip -9 -n`, brotli) into sizes.json, and their ceilings:
# the page's 13 MiB raw and 4.25 MiB gzip (the project's rule), the AI worker's 512 KiB gzip.
python3 web/sizes.py web/dist "$build" 4456448

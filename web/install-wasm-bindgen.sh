#!/usr/bin/env bash
# Installs wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock, unless it is
# there already. Run by web/build.sh, and by .ci/run early (beside its apt-get) so that the web
# build finds it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  echo "installing wasm-bindgen-cli $version"
  # --locked first, as asked; if a pinned dependency of the CLI is missing from the registry,
  # fall back to resolving its dependencies afresh (same CLI version).
  cargo install --locked wasm-bindgen-cli --version "$version" \
    || cargo install wasm-bindgen-cli --version "$version"
fi

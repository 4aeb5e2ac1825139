#!/usr/bin/env bash
# Runs every test: a compile check of the web build (wasm32), then all the workspace's tests
# (rules, console transcripts, headless Bevy app, real window under Xvfb, assets).
set -euo pipefail
cd "$(dirname "$0")"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo check --target wasm32-unknown-unknown --bin modern-gems
cargo test --workspace

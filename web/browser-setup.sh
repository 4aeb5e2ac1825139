# Sourced by the browser scripts (web/smoke-test.sh, web/bench.sh) from web/: checks that the web
# build and Chromium are there, and installs playwright-core into web/.smoke (it drives the
# system Chromium and downloads no browser).
[ -f dist/sizes.json ] || { echo "web/dist is missing: run web/build.sh first" >&2; exit 1; }
command -v chromium >/dev/null || { echo "chromium is missing: apt-get install chromium" >&2; exit 1; }
if [ ! -d .smoke/node_modules/playwright-core ]; then
  mkdir -p .smoke
  (cd .smoke && npm install --silent --no-audit --no-fund playwright-core@1 >/dev/null)
fi

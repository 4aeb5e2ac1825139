#!/usr/bin/env python3
"""Finishes a web build: turns the staged files (wasm-bindgen's output, the page, the assets)
into the served folder, with content-hashed names, so one build's files never mix with
another's in a cache.

    python3 web/finish.py STAGE DIST

The build's id is a hash of every staged file. The JS glue and the .wasm become
modern-gems-ID.js and modern-gems-ID.wasm (the AI worker's: ai-worker-ID.js, ai-engines-ID.js
and ai-engines-ID.wasm), the assets folder becomes assets-ID/ (the game
reads its name from the page: window.modernGemsAssets), the __BUILD__ placeholders of the page
and the worker become the id, sizes.json gives the .wasm's size to the loading bar, and sw.js (the service
worker) lists every file of this build under a cache named after the id. Prints the id.
"""

import hashlib
import json
import os
import shutil
import sys


def main(stage: str, dist: str) -> None:
    files = sorted(
        os.path.relpath(os.path.join(d, f), stage)
        for d, _, fs in os.walk(stage)
        for f in fs
        if not f.startswith(".")
    )
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode())
        with open(os.path.join(stage, f), "rb") as fh:
            digest.update(fh.read())
    build = digest.hexdigest()[:12]

    if os.path.exists(dist):
        shutil.rmtree(dist)
    os.makedirs(dist)
    renamed = {
        "modern-gems.js": f"modern-gems-{build}.js",
        "modern-gems_bg.wasm": f"modern-gems-{build}.wasm",
        "ai-engines.js": f"ai-engines-{build}.js",
        "ai-engines_bg.wasm": f"ai-engines-{build}.wasm",
        "ai-worker.js": f"ai-worker-{build}.js",
    }
    for f in files:
        target = renamed.get(f, f)
        if f.startswith("assets/"):
            target = f"assets-{build}/" + f[len("assets/"):]
        os.makedirs(os.path.dirname(os.path.join(dist, target)) or dist, exist_ok=True)
        if f in ("index.html", "ai-worker.js"):
            with open(os.path.join(stage, f)) as fh:
                page = fh.read().replace("__BUILD__", build)
            with open(os.path.join(dist, target), "w") as fh:
                fh.write(page)
        else:
            shutil.copyfile(os.path.join(stage, f), os.path.join(dist, target))

    wasm = os.path.join(dist, renamed["modern-gems_bg.wasm"])
    js = os.path.join(dist, renamed["modern-gems.js"])
    with open(os.path.join(dist, "sizes.json"), "w") as fh:
        json.dump({"wasm": os.path.getsize(wasm), "js": os.path.getsize(js)}, fh)
        fh.write("\n")

    served = sorted(
        os.path.relpath(os.path.join(d, f), dist)
        for d, _, fs in os.walk(dist)
        for f in fs
        if not f.startswith(".") and f != "sw.js" and not f.startswith("smoke")
    )
    with open(os.path.join(os.path.dirname(__file__), "sw.js")) as fh:
        sw = fh.read()
    sw = sw.replace('"__VERSION__"', json.dumps(build)).replace(
        "__FILES__", json.dumps(["./"] + served)
    )
    with open(os.path.join(dist, "sw.js"), "w") as fh:
        fh.write(sw)
    print(build)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: web/finish.py STAGE DIST")
    main(sys.argv[1], sys.argv[2])

#!/usr/bin/env python3
"""The sizes of a finished web build's two wasm modules, the page's and the AI worker's: raw,
gzip (as `gzip -9 -n` compresses) and brotli (Node's zlib, quality 11), written into DIST's
sizes.json beside the keys web/finish.py put there (the loading bar reads `wasm`), and
printed. Exits non-zero over a ceiling: the page's module over PAGE_GZIP bytes of gzip (or
13 MiB raw), the worker's over 512 KiB of gzip.

    python3 web/sizes.py DIST BUILD_ID PAGE_GZIP
"""

import json
import os
import subprocess
import sys

PAGE_RAW = 13 * 1024 * 1024
WORKER_GZIP = 512 * 1024


def sizes(path: str) -> dict:
    """Raw, gzip and brotli sizes of the file at `path`, in bytes."""
    gz = subprocess.run(["gzip", "-9", "-n", "-c", path], check=True, capture_output=True).stdout
    script = ("const z=require('zlib'),f=require('fs');"
              "process.stdout.write(String(z.brotliCompressSync(f.readFileSync(process.argv[1]),"
              "{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length))")
    br = subprocess.run(["node", "-e", script, path], check=True, capture_output=True, text=True)
    return {"raw": os.path.getsize(path), "gzip": len(gz), "brotli": int(br.stdout)}


def main(dist: str, build: str, page_gzip: int) -> int:
    page = sizes(os.path.join(dist, f"modern-gems-{build}.wasm"))
    worker = sizes(os.path.join(dist, f"ai-engines-{build}.wasm"))
    path = os.path.join(dist, "sizes.json")
    with open(path) as fh:
        data = json.load(fh)
    data.update({"page": page, "worker": worker})
    with open(path + ".tmp", "w") as fh:
        json.dump(data, fh)
        fh.write("\n")
    os.replace(path + ".tmp", path)
    failed = 0
    for name, s, gzip_ceiling, raw_ceiling in [("page", page, page_gzip, PAGE_RAW),
                                               ("AI worker", worker, WORKER_GZIP, None)]:
        print(f"{name} module: {s['raw']} bytes raw, {s['gzip']} gzip, {s['brotli']} brotli "
              f"(gzip ceiling {gzip_ceiling})")
        if s["gzip"] > gzip_ceiling or (raw_ceiling and s["raw"] > raw_ceiling):
            print(f"web/sizes.py: the {name} module is over its size ceiling", file=sys.stderr)
            failed = 1
    return failed


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: web/sizes.py DIST BUILD_ID PAGE_GZIP")
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))

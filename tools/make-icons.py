#!/usr/bin/env python3
"""Renders the web app's icons from the game's own art: the Jewels theme's ruby (drawn by
tools/make-gems.py's renderer, at the icon's size so it stays crisp) on a rounded square in the
classic theme's background colour, with a thin gold rim. Standard library only; deterministic.
Run from the repository root:

    python3 tools/make-icons.py

writes web/icons/icon-192.png, icon-512.png (rounded, for browsers) and icon-maskable-512.png
(full bleed with the gem inside the central safe zone, for Android's masks).
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_gems", os.path.join(HERE, "make-gems.py"))
mg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mg)

OUT = "web/icons"
BACKGROUND = mg.hexrgb("#1d2030")  # the classic theme's background
RIM = mg.hexrgb("#ffd75a")  # its accent


def rounded_square(size, radius, x, y):
    """Coverage (0..1) of pixel (x, y) by a rounded square filling the image."""
    cx = min(max(x + 0.5, radius), size - radius)
    cy = min(max(y + 0.5, radius), size - radius)
    d = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5
    return mg.clamp(radius - d + 0.5), d


def icon(size, gem_share, rounded):
    mg.SIZE = size
    mg.HALF = 0.5 * gem_share * size
    gem = mg.render_gem(mg.GEMS[0], seed=1001)
    radius = 0.18 * size if rounded else 0.0
    rim = max(1.5, size / 96)
    px = bytearray(size * size * 4)
    for y in range(size):
        for x in range(size):
            o = (y * size + x) * 4
            if rounded:
                cover, d = rounded_square(size, radius, x, y)
                edge = min(x + 0.5, y + 0.5, size - x - 0.5, size - y - 0.5)
                inside = min(edge, radius - d if d > 0 else edge)
                t = mg.clamp(rim - inside + 0.5)
            else:
                cover, t = 1.0, 0.0
            # A gentle light from the top left on the background.
            light = 1.0 + 0.25 * (1.0 - (x + y) / (2.0 * size))
            base = [min(255.0, c * light) for c in BACKGROUND]
            base = [b * (1 - t) + r * t for b, r in zip(base, RIM)]
            a = gem[o + 3] / 255.0
            rgb = [b * (1 - a) + g * a for b, g in zip(base, gem[o:o + 3])]
            px[o:o + 3] = bytes(int(round(c)) for c in rgb)
            px[o + 3] = int(round(255 * cover))
    return px


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, size, share, rounded in [
        ("icon-192.png", 192, 0.72, True),
        ("icon-512.png", 512, 0.72, True),
        ("icon-maskable-512.png", 512, 0.56, False),
    ]:
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        n = mg.write_png(os.path.join(OUT, name), size, size, icon(size, share, rounded))
        print(f"{OUT}/{name}: {n} bytes", flush=True)


if __name__ == "__main__":
    main()

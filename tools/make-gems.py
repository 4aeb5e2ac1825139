#!/usr/bin/env python3
"""Renders the Jewels theme's images: nine faceted gems, the board panel and the window
background. Our own work, drawn from geometry here (nothing is traced or sampled), licensed like
the code (MIT OR Apache-2.0). Python 3 standard library only (PNGs written with zlib + struct);
deterministic: every run writes the same bytes. Run from the repository root:

    python3 tools/make-gems.py

writes assets/themes/jewels/gem-1.png … gem-9.png (256×256, transparent), board.png (512×512)
and background.png (640×400). Give file names (gem-3.png board.png …) to render only those.

How a gem is drawn: each cut is a small polyhedron seen from above. Its outline (the girdle) is
sampled on rays from the centre, a thin dark band inside it makes the outline, and the crown
between the girdle and the flat table is split into flat facets (a brilliant's star, kite and
upper-girdle facets, or an emerald cut's steps; a ring's table is an annulus, with steps down into
its hole). Each facet gets one shade from its normal under a light from the top left, with a
little per-facet variation, a gentle glow towards the centre and a white sparkle on top. Facets
are scan-converted into an id buffer at 4×4 samples per pixel, so edges are antialiased and
neighbouring facets blend exactly.
"""
import math
import os
import random
import struct
import sys
import time
import zlib

OUT = "assets/themes/jewels"
SIZE = 256  # gem images are SIZE×SIZE
SS = 4  # samples per pixel along each axis
HALF = 0.44 * SIZE  # the gem spans 88% of the image


# ------------------------------------------------------------------------------------------------
# PNG writing: 8-bit RGBA (colour type 6), per-row filter chosen by the minimum-sum heuristic.

_ABS = bytes(min(b, 256 - b) for b in range(256))


def _paeth_row(row, prev, bpp):
    out = bytearray(len(row))
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        p = a + b - c
        pa = abs(p - a)
        pb = abs(p - b)
        pc = abs(p - c)
        if pa <= pb and pa <= pc:
            pr = a
        elif pb <= pc:
            pr = b
        else:
            pr = c
        out[i] = (row[i] - pr) & 255
    return out


def _filter_candidates(row, prev, bpp):
    n = len(row)
    left = bytes(bpp) + row[: n - bpp]
    yield 0, row
    yield 1, bytes((x - a) & 255 for x, a in zip(row, left))
    yield 2, bytes((x - b) & 255 for x, b in zip(row, prev))
    yield 3, bytes((x - ((a + b) >> 1)) & 255 for x, a, b in zip(row, left, prev))
    yield 4, bytes(_paeth_row(row, prev, bpp))


def write_png(path, width, height, rgba):
    """rgba: a bytearray of width*height*4 bytes, rows top to bottom."""
    stride = width * 4
    raw = bytearray()
    prev = bytes(stride)
    for y in range(height):
        row = bytes(rgba[y * stride:(y + 1) * stride])
        best = None
        for ftype, data in _filter_candidates(row, prev, 4):
            score = sum(_ABS[b] for b in data)
            if best is None or score < best[0]:
                best = (score, ftype, data)
        raw.append(best[1])
        raw += best[2]
        prev = row

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
           + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
    return len(png)


# ------------------------------------------------------------------------------------------------
# Small helpers.

def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def smoothstep(e0, e1, x):
    t = clamp((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def hexrgb(s):
    return tuple(int(s[i:i + 2], 16) for i in (1, 3, 5))


BAYER4 = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]


def dither(x, y):
    """Ordered dither offset in [-0.5, 0.5): hides banding in the dark gradients and, being
    periodic, costs little in the PNG."""
    return (BAYER4[y & 3][x & 3] + 0.5) / 16 - 0.5


# ------------------------------------------------------------------------------------------------
# Outlines. Each is a dense polygon in unit coordinates (y up) plus the point its rays start from;
# the girdle is sampled where rays at chosen angles cross it.

def poly_circle(rx=1.0, ry=1.0, n=256):
    return [(rx * math.cos(2 * math.pi * i / n), ry * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def poly_superellipse(a, b, p, n=256):
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        c, s = math.cos(t), math.sin(t)
        pts.append((a * math.copysign(abs(c) ** (2 / p), c),
                    b * math.copysign(abs(s) ** (2 / p), s)))
    return pts


def poly_regular(n, r, start_deg):
    return [(r * math.cos(math.radians(start_deg + 360 * i / n)),
             r * math.sin(math.radians(start_deg + 360 * i / n))) for i in range(n)]


def poly_bulged(corners, bulge, steps=32):
    """A polygon whose sides bow outwards by bulge × side length (a trillion's curved sides)."""
    pts = []
    n = len(corners)
    for i in range(n):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        nx, ny = dy, -dx  # outward for a counter-clockwise polygon (y up)
        for k in range(steps):
            t = k / steps
            b = bulge * math.sin(math.pi * t)
            pts.append((x0 + dx * t + nx * b, y0 + dy * t + ny * b))
    return pts


def poly_star(points, r_out, r_in):
    pts = []
    for i in range(2 * points):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(90 + 180 * i / points)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def poly_heart(n=400):
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, y))
    # The curve runs clockwise; normalise to counter-clockwise and to a box of ±1.
    pts.reverse()
    return fit_box(pts)


def fit_box(pts, w=1.0, h=1.0):
    """Scales and moves pts (uniformly) so that their box is centred and fits ±w × ±h."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    s = min(2 * w / (max(xs) - min(xs)), 2 * h / (max(ys) - min(ys)))
    return [((x - cx) * s, (y - cy) * s) for x, y in pts]


def ray_hit(poly, c, ang_deg):
    """Where the ray from c at ang_deg (counter-clockwise from +x, y up) leaves poly."""
    dx, dy = math.cos(math.radians(ang_deg)), math.sin(math.radians(ang_deg))
    best = None
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        wx, wy = x0 - c[0], y0 - c[1]
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t > best):
            best = t
    return (c[0] + dx * best, c[1] + dy * best)


def to_screen(p):
    return (SIZE / 2 + p[0] * HALF, SIZE / 2 - p[1] * HALF)


def inset(poly, d):
    """Moves every edge of a closed polygon (screen coordinates, either orientation) inwards by d,
    keeping the vertex count (mitred corners)."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))
    sgn = 1 if area > 0 else -1
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        l = math.hypot(x1 - x0, y1 - y0)
        # Inward normal: for a positive-area polygon in (x, y) the interior is to the left.
        normals.append((-(y1 - y0) / l * sgn, (x1 - x0) / l * sgn))
    out = []
    for i in range(n):
        n1 = normals[i - 1]
        n2 = normals[i]
        k = 1 + n1[0] * n2[0] + n1[1] * n2[1]
        k = max(k, 0.25)
        out.append((poly[i][0] + d * (n1[0] + n2[0]) / k, poly[i][1] + d * (n1[1] + n2[1]) / k))
    return out


def scale_about(p, c, s):
    return (c[0] + (p[0] - c[0]) * s, c[1] + (p[1] - c[1]) * s)


# ------------------------------------------------------------------------------------------------
# Cuts: lists of facets, each (kind, [(x, y, z), ...]) in screen pixels with z towards the viewer.

OUTLINE_W = 3.2
EDGE_LIGHT = 0.28  # how much facet edges are lightened  # the dark outline band, in pixels at 256


def outline_band(girdle, inner):
    n = len(girdle)
    return [("outline", [girdle[i] + (0.0,), girdle[(i + 1) % n] + (0.0,),
                         inner[(i + 1) % n] + (0.0,), inner[i] + (0.0,)]) for i in range(n)]


def crown(unit_poly, unit_centre, n, start_deg, table, star, height, star_height):
    """A brilliant's crown without its table, on any outline that is star-shaped from its centre:
    n star facets, 2n kite halves and 2n upper-girdle facets. Also returns the girdle, the centre
    and the table's n corners."""
    angles = [start_deg + 180.0 * k / n for k in range(2 * n)]
    girdle = [to_screen(ray_hit(unit_poly, unit_centre, a)) for a in angles]
    c = to_screen(unit_centre)
    g = inset(girdle, OUTLINE_W)
    facets = outline_band(girdle, g)
    t = [scale_about(g[2 * i], c, table) for i in range(n)]
    s = [scale_about(g[2 * i + 1], c, star) for i in range(n)]
    H, Hs = height, height * star_height
    for i in range(n):
        j = (i + 1) % n
        ti, tj, si = t[i] + (H,), t[j] + (H,), s[i] + (Hs,)
        g0, g1, g2 = g[2 * i] + (0.0,), g[2 * i + 1] + (0.0,), g[(2 * i + 2) % (2 * n)] + (0.0,)
        facets.append(("star", [ti, tj, si]))
        facets.append(("kite", [ti, si, g0]))
        facets.append(("kite", [tj, g2, si]))
        facets.append(("girdle", [si, g1, g0]))
        facets.append(("girdle", [si, g2, g1]))
    return facets, girdle, c, t


def brilliant(unit_poly, unit_centre, n, start_deg, table=0.52, star=0.78, height=40.0,
              star_height=0.62):
    """A brilliant-style crown on any outline that is star-shaped from its centre: a table of n
    sides, n star facets, 2n kite halves and 2n upper-girdle facets."""
    facets, girdle, c, t = crown(unit_poly, unit_centre, n, start_deg, table, star, height,
                                 star_height)
    facets.append(("table", [p + (height,) for p in t]))
    return facets, girdle, c


def step_cut(unit_poly, steps, heights):
    """An emerald (step) cut: concentric rings of trapezoids inset from the outline."""
    girdle = [to_screen(p) for p in unit_poly]
    g = inset(girdle, OUTLINE_W)
    facets = outline_band(girdle, g)
    rings = [(g, 0.0)]
    d = 0.0
    for step, h in zip(steps, heights):
        d += step
        rings.append((inset(g, d), h))
    for (a, za), (b, zb) in zip(rings, rings[1:]):
        n = len(a)
        for i in range(n):
            j = (i + 1) % n
            facets.append(("step", [a[i] + (za,), a[j] + (za,), b[j] + (zb,), b[i] + (zb,)]))
    top, zt = rings[-1]
    facets.append(("table", [p + (zt,) for p in top]))
    return facets, girdle, (SIZE / 2, SIZE / 2)


# ------------------------------------------------------------------------------------------------
# Rasterising: facets into an id buffer at SS×SS samples per pixel (even-odd scanlines; a shared
# edge gives both neighbours the very same crossings, so they tile without gaps or overlaps).

def rasterise(facets):
    W = SIZE * SS
    buf = bytearray(W * W)
    for fid, (_, poly) in enumerate(facets, start=1):
        pts = [(x * SS, y * SS) for x, y, _ in poly]
        edges = []
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            if a[1] == b[1]:
                continue
            if a[1] > b[1]:
                a, b = b, a
            edges.append((a[1], b[1], a[0], (b[0] - a[0]) / (b[1] - a[1])))
        ys = [p[1] for p in pts]
        y0 = max(0, int(math.floor(min(ys) - 0.5)))
        y1 = min(W - 1, int(math.ceil(max(ys) + 0.5)))
        fill = bytes([fid]) * W
        for row in range(y0, y1 + 1):
            yc = row + 0.5
            xs = sorted(xa + (yc - ya) * k for ya, yb, xa, k in edges if ya <= yc < yb)
            base = row * W
            for i in range(0, len(xs) - 1, 2):
                a = max(0, math.ceil(xs[i] - 0.5))
                b = min(W, math.ceil(xs[i + 1] - 0.5))
                if b > a:
                    buf[base + a:base + b] = fill[:b - a]
    return buf


# ------------------------------------------------------------------------------------------------
# Shading.

LIGHT = (-0.55, -0.70, 0.75)
_l = math.sqrt(sum(v * v for v in LIGHT))
LIGHT = tuple(v / _l for v in LIGHT)
HALFV = (LIGHT[0], LIGHT[1], LIGHT[2] + 1.0)
_l = math.sqrt(sum(v * v for v in HALFV))
HALFV = tuple(v / _l for v in HALFV)


def normal(poly):
    (x0, y0, z0), (x1, y1, z1), (x2, y2, z2) = poly[0], poly[1], poly[2]
    ux, uy, uz = x1 - x0, y1 - y0, z1 - z0
    vx, vy, vz = x2 - x0, y2 - y0, z2 - z0
    nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    l = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx, ny, nz = nx / l, ny / l, nz / l
    if nz < 0:
        nx, ny, nz = -nx, -ny, -nz
    return nx, ny, nz


def ramp_lut(stops, n=1024):
    """Colour ramp: stops are (t, (r, g, b)); returns n colours for t in [0, 1]."""
    lut = []
    for i in range(n):
        t = i / (n - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t <= t1:
                u = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
                u = u * u * (3 - 2 * u)
                lut.append(mix(c0, c1, u))
                break
        else:
            lut.append(stops[-1][1])
    return lut


class Gem:
    def __init__(self, name, colours, build, sparkle=(-0.30, -0.36)):
        self.name = name
        self.colours = colours  # deep, dark, base, light, bright
        self.build = build
        self.sparkle = sparkle  # sparkle position, in units of HALF from the centre


def render_gem(gem, seed):
    rng = random.Random(seed)
    facets, girdle, centre = gem.build()
    buf = rasterise(facets)
    deep, dark, base, light, bright = [hexrgb(c) for c in gem.colours]
    lut = ramp_lut([(0.0, deep), (0.22, dark), (0.50, base), (0.78, light), (1.0, bright)])
    outline_rgb = mix((0, 0, 0), deep, 0.55)
    cx, cy = centre
    # Per-facet shade: t = t0 + gx * x + gy * y (a faint gradient across each facet).
    shade = [None]
    for kind, poly in facets:
        if kind == "outline":
            shade.append(None)
            continue
        n = normal(poly)
        # How squarely the facet faces the light, sideways: -1 (away) … 1 (towards), scaled by
        # its tilt; the table (flat) scores 0.
        facing = (n[0] * LIGHT[0] + n[1] * LIGHT[1]) / math.hypot(LIGHT[0], LIGHT[1])
        spec = max(0.0, n[0] * HALFV[0] + n[1] * HALFV[1] + n[2] * HALFV[2])
        t0 = 0.49 + 0.44 * facing + 0.08 * spec ** 16
        t0 += rng.uniform(-0.06, 0.06)
        # Facets catch light along their length: brighter towards the top left of each facet.
        gx = gy = -0.0009
        if kind == "table":
            # The table shows light coming back through the stone: darker at the top left,
            # brighter at the bottom right.
            t0 = 0.46
            gx = gy = 0.0024
        t0 -= gx * cx + gy * cy
        shade.append((t0, gx, gy))

    W = SIZE * SS
    px = bytearray(SIZE * SIZE * 4)
    rep = [bytes([i]) * SS for i in range(256)]
    inv = 1.0 / (SS * SS)
    spx, spy = cx + gem.sparkle[0] * HALF, cy + gem.sparkle[1] * HALF
    glow_r = 0.55 * HALF
    lut_n = len(lut) - 1
    for y in range(SIZE):
        rows = [buf[(y * SS + k) * W:(y * SS + k + 1) * W] for k in range(SS)]
        fy = y + 0.5
        for x in range(SIZE):
            a = x * SS
            r0 = rows[0][a:a + SS]
            if r0 == rep[0] and all(r[a:a + SS] == r0 for r in rows[1:]):
                continue  # empty
            if r0 == rep[r0[0]] and all(r[a:a + SS] == r0 for r in rows[1:]):
                counts = {r0[0]: SS * SS}
            else:
                counts = {}
                for r in rows:
                    for v in r[a:a + SS]:
                        counts[v] = counts.get(v, 0) + 1
            fx = x + 0.5
            dxc, dyc = fx - cx, fy - cy
            glow = 0.10 * math.exp(-(dxc * dxc + dyc * dyc) / (glow_r * glow_r))
            rr = gg = bb = 0.0
            cover = inner = top = 0
            for fid, cnt in counts.items():
                if fid == 0:
                    continue
                cover += cnt
                sh = shade[fid]
                if sh is not None:
                    inner += cnt
                    top = max(top, cnt)
                if sh is None:
                    col = outline_rgb
                else:
                    t = sh[0] + sh[1] * fx + sh[2] * fy + glow
                    col = lut[int(clamp(t) * lut_n)]
                rr += col[0] * cnt
                gg += col[1] * cnt
                bb += col[2] * cnt
            rr /= cover
            gg /= cover
            bb /= cover
            # Where facets meet, the edge catches a little light: a fine bright line.
            w = EDGE_LIGHT * (inner - top) / (SS * SS) * 2
            if w > 0:
                rr += (255 - rr) * w
                gg += (255 - gg) * w
                bb += (255 - bb) * w
            # The sparkle: a small four-pointed white star with a soft core.
            sx, sy = fx - spx, fy - spy
            d2 = sx * sx + sy * sy
            core = math.exp(-d2 / (2 * 5.5 ** 2))
            ray = (math.exp(-(sy * sy) / 4.0) * max(0.0, 1 - abs(sx) / 34.0) ** 2
                   + math.exp(-(sx * sx) / 4.0) * max(0.0, 1 - abs(sy) / 34.0) ** 2)
            halo = 0.30 * math.exp(-d2 / (2 * 15.0 ** 2))
            w = clamp(core + 0.85 * ray + halo)
            rr += (255 - rr) * w
            gg += (255 - gg) * w
            bb += (255 - bb) * w
            o = (y * SIZE + x) * 4
            px[o] = int(rr + 0.5)
            px[o + 1] = int(gg + 0.5)
            px[o + 2] = int(bb + 0.5)
            px[o + 3] = (cover * 255 + (SS * SS) // 2) // (SS * SS)
    return px


# ------------------------------------------------------------------------------------------------
# The nine gems.

def cut_ruby():  # round brilliant
    return brilliant(poly_circle(), (0.0, 0.0), 8, 90.0)


def cut_sapphire():  # square cushion, brilliant-faceted
    return brilliant(poly_superellipse(0.94, 0.94, 4.0), (0.0, 0.0), 8, 90.0, table=0.55)


def cut_topaz():  # trillion: a triangle with gently bowed sides, point up
    r = 1.0
    corners = [(r * math.cos(math.radians(a)), r * math.sin(math.radians(a))) for a in (90, 210, 330)]
    poly = poly_bulged(corners, 0.06)
    # Centre its box in the square; the rays start from the triangle's centroid.
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    s = min(2 / (max(xs) - min(xs)), 2 / (max(ys) - min(ys)))
    oy = -(max(ys) + min(ys)) / 2
    poly = [(x * s, (y + oy) * s) for x, y in poly]
    return brilliant(poly, (0.0, oy * s), 6, 90.0, table=0.50, star=0.74)


def cut_emerald():  # step-cut octagon, portrait
    a, b, k = 0.74, 0.98, 0.30
    poly = [(a, b - k), (a - k, b), (-a + k, b), (-a, b - k),
            (-a, -b + k), (-a + k, -b), (a - k, -b), (a, -b + k)]
    return step_cut(poly, steps=(13.0, 12.0, 11.0), heights=(16.0, 28.0, 36.0))


def cut_amethyst():  # hexagon, flat top
    return brilliant(poly_regular(6, 1.0, 0.0), (0.0, 0.0), 6, 0.0, table=0.54, star=0.78)


def cut_citrine():  # five-pointed star
    poly = poly_star(5, 1.0, 0.52)
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    oy = -(max(ys) + min(ys)) / 2
    s = min(2 / (max(xs) - min(xs)), 2 / (max(ys) - min(ys)))
    poly = [(x * s, (y + oy) * s) for x, y in poly]
    return brilliant(poly, (0.0, oy * s), 5, 90.0, table=0.36, star=0.62, height=46.0,
                     star_height=0.7)


def cut_aquamarine():  # oval, landscape
    return brilliant(poly_circle(1.0, 0.74), (0.0, 0.0), 8, 90.0, table=0.54)


def cut_rose():  # heart
    return brilliant(poly_heart(), (0.0, 0.12), 12, 90.0, table=0.50, star=0.76)


def ring_cut(n, hole=0.42, table_out=0.78, table_in=0.58, star=0.90, height=26.0,
             star_height=0.55, bevel=0.50):
    """A faceted ring: a round girdle with a round hole through it. The crown rises from the outer
    girdle in a brilliant's star, kite and upper-girdle facets to a flat table shaped like an
    annulus, which falls inwards over two steps of n facets each to the hole's edge; the hole is
    outlined like the girdle."""
    facets, girdle, c, t = crown(poly_circle(), (0.0, 0.0), n, 90.0, table_out, star, height,
                                 star_height)
    H = height
    angles = [90.0 + 180.0 * k / n for k in range(2 * n)]
    # The hole: its edge (the inner girdle) at n points facing the middles of the table's inner
    # edges, and its dark outline band inside the stone.
    hole_edge = [to_screen((hole * math.cos(math.radians(a)), hole * math.sin(math.radians(a))))
                 for a in angles[1::2]]
    h = inset(hole_edge, -OUTLINE_W)  # the hole's polygon grows: its outline lies in the stone
    facets += outline_band(hole_edge, h)
    u = [scale_about(p, c, table_in / table_out) for p in t]
    # The middle ring lies between the hole's outline and the table's inner edge (measured at the
    # middle of that edge, where its point sits), `bevel` of the way out.
    r_u = math.dist(u[0], c) * math.cos(math.pi / n)
    m = [scale_about(p, c, 1.0 + bevel * (r_u / math.dist(p, c) - 1.0)) for p in h]
    Hm = H * 0.62
    for i in range(n):
        j = (i + 1) % n
        # Upper step: two triangles from the table's inner corners to the middle ring.
        facets.append(("step", [u[i] + (H,), u[j] + (H,), m[i] + (Hm,)]))
        facets.append(("step", [u[j] + (H,), m[j] + (Hm,), m[i] + (Hm,)]))
        # Lower step: the middle ring down to the hole's edge.
        facets.append(("step", [m[i] + (Hm,), m[j] + (Hm,), h[j] + (0.0,), h[i] + (0.0,)]))
    # The table, one facet with a hole: its outer ring, then its inner ring backwards, joined at
    # their leftmost corners. The join is walked there and back, so its two crossings of a scanline
    # coincide and fill nothing, and even-odd filling leaves the inside empty.
    k = min(range(n), key=lambda i: (abs(t[i][1] - c[1]), t[i][0]))
    outer = t[k:] + t[:k + 1]
    inner = list(reversed(u[k:] + u[:k + 1]))
    facets.append(("table", [p + (H,) for p in outer + inner]))
    return facets, girdle, c


def cut_diamond():  # a ring: a round brilliant with a hole through it
    return ring_cut(12)


GEMS = [
    Gem("ruby", ("#4a0010", "#a0081e", "#e8203c", "#ff5a6a", "#fff0f0"), cut_ruby),
    Gem("sapphire", ("#04104a", "#0c3ab0", "#2f7bf0", "#6aa8ff", "#f0f7ff"), cut_sapphire),
    Gem("topaz", ("#5a2c00", "#c07800", "#f8c018", "#ffdc50", "#fffbe8"), cut_topaz,
        sparkle=(-0.22, -0.05)),
    Gem("emerald", ("#003014", "#008038", "#1cc464", "#5ee890", "#f0fff4"), cut_emerald),
    Gem("amethyst", ("#26004a", "#6a18a8", "#a850e8", "#c684ff", "#faf2ff"), cut_amethyst),
    Gem("citrine", ("#5a1800", "#c85000", "#ff8c14", "#ffb050", "#fff6ea"), cut_citrine,
        sparkle=(-0.18, -0.12)),
    Gem("aquamarine", ("#003848", "#0090a8", "#28d4ec", "#70e8ff", "#f0ffff"), cut_aquamarine),
    Gem("rose", ("#5a0030", "#c02878", "#ff64b0", "#ff98cc", "#fff2f8"), cut_rose,
        sparkle=(-0.40, -0.30)),
    Gem("diamond", ("#1a1e34", "#5a6488", "#bcc4d8", "#e6ebf6", "#ffffff"), cut_diamond,
        sparkle=(-0.44, -0.44)),
]


# ------------------------------------------------------------------------------------------------
# The board panel and the window background.

def value_noise(rng, w, h, cell):
    """Smooth noise in [-1, 1]: random values on a lattice of `cell` pixels, wrapped, smoothly
    interpolated."""
    gw, gh = w // cell, h // cell
    grid = [[rng.uniform(-1, 1) for _ in range(gw)] for _ in range(gh)]
    out = []
    for y in range(h):
        gy = y / cell
        j0 = int(gy) % gh
        j1 = (j0 + 1) % gh
        v = smoothstep(0.0, 1.0, gy - int(gy))
        r0, r1 = grid[j0], grid[j1]
        row = []
        for x in range(w):
            gx = x / cell
            i0 = int(gx) % gw
            i1 = (i0 + 1) % gw
            u = smoothstep(0.0, 1.0, gx - int(gx))
            a = r0[i0] + (r0[i1] - r0[i0]) * u
            b = r1[i0] + (r1[i1] - r1[i0]) * u
            row.append(a + (b - a) * v)
        out.append(row)
    return out


def render_board(seed):
    w = h = 512
    rng = random.Random(seed)
    coarse = value_noise(rng, w, h, 32)
    fine = value_noise(rng, w, h, 4)
    centre = (0x2a, 0x2c, 0x40)
    edge = (0x12, 0x13, 0x1e)
    px = bytearray(w * h * 4)
    for y in range(h):
        ny = (y + 0.5) / h * 2 - 1
        for x in range(w):
            nx = (x + 0.5) / w * 2 - 1
            # A soft, squarish vignette: the panel is stretched to the board's shape.
            d = (abs(nx) ** 4 + abs(ny) ** 4) ** 0.25
            v = smoothstep(0.35, 1.12, d) ** 1.3
            c = mix(centre, edge, v)
            # The noise itself dithers the vignette, so no ordered dither here.
            n = 1.0 + 0.05 * coarse[y][x] + 0.035 * fine[y][x]
            o = (y * w + x) * 4
            px[o] = int(clamp(c[0] * n + 0.5, 0, 255))
            px[o + 1] = int(clamp(c[1] * n + 0.5, 0, 255))
            px[o + 2] = int(clamp(c[2] * n + 0.5, 0, 255))
            px[o + 3] = 255
    return w, h, px


def render_background(seed):
    w, h = 640, 400
    rng = random.Random(seed)
    inner = (0x3c, 0x2a, 0x7c)
    outer = (0x07, 0x07, 0x1c)
    cx, cy = w * 0.5, h * 0.42
    img = []
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5 - cx) / (w * 0.62), (y + 0.5 - cy) / (h * 0.75)
            d = math.sqrt(dx * dx + dy * dy)
            img.append(list(mix(inner, outer, smoothstep(0.0, 1.0, d) ** 0.9)))
    # Bokeh: soft, faint out-of-focus discs, added on top.
    tints = [(0x9a, 0x7c, 0xff), (0x6c, 0xa8, 0xff), (0xff, 0x8c, 0xd8), (0x7c, 0xf0, 0xff),
             (0xc8, 0xb4, 0xff)]
    for _ in range(46):
        r = rng.uniform(10, 54)
        bx, by = rng.uniform(-20, w + 20), rng.uniform(-20, h + 20)
        a = rng.uniform(0.02, 0.065) * (1.3 - r / 80)
        tint = rng.choice(tints)
        for y in range(max(0, int(by - r - 2)), min(h, int(by + r + 3))):
            for x in range(max(0, int(bx - r - 2)), min(w, int(bx + r + 3))):
                d = math.hypot(x + 0.5 - bx, y + 0.5 - by)
                if d > r + 1.5:
                    continue
                # A flat disc with a slightly brighter rim and a soft edge.
                k = clamp(r + 0.75 - d, 0, 1.5) / 1.5
                k *= 0.75 + 0.25 * smoothstep(r * 0.6, r, d)
                p = img[y * w + x]
                for i in range(3):
                    p[i] += (tint[i] - p[i]) * a * k
    px = bytearray(w * h * 4)
    for y in range(h):
        for x in range(w):
            p = img[y * w + x]
            dt = dither(x, y)
            o = (y * w + x) * 4
            px[o] = int(clamp(p[0] + dt + 0.5, 0, 255))
            px[o + 1] = int(clamp(p[1] + dt + 0.5, 0, 255))
            px[o + 2] = int(clamp(p[2] + dt + 0.5, 0, 255))
            px[o + 3] = 255
    return w, h, px


# ------------------------------------------------------------------------------------------------

def main():
    start = time.time()
    os.makedirs(OUT, exist_ok=True)
    only = set(sys.argv[1:])
    for i, gem in enumerate(GEMS, start=1):
        name = f"gem-{i}.png"
        if only and name not in only:
            continue
        t = time.time()
        px = render_gem(gem, seed=1000 + i)
        size = write_png(os.path.join(OUT, name), SIZE, SIZE, px)
        print(f"{OUT}/{name}: {gem.name}, {size} bytes, {time.time() - t:.1f} s", flush=True)
    if not only or "board.png" in only:
        t = time.time()
        w, h, px = render_board(seed=77)
        size = write_png(os.path.join(OUT, "board.png"), w, h, px)
        print(f"{OUT}/board.png: {size} bytes, {time.time() - t:.1f} s", flush=True)
    if not only or "background.png" in only:
        t = time.time()
        w, h, px = render_background(seed=2024)
        size = write_png(os.path.join(OUT, "background.png"), w, h, px)
        print(f"{OUT}/background.png: {size} bytes, {time.time() - t:.1f} s", flush=True)
    print(f"done in {time.time() - start:.1f} s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Where the web build's bytes go: code size per crate, from the name section of the .wasm that
cargo writes (the wasm-release profile keeps function names; web/build.sh strips them later).

    tools/wasm-size.py $CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/modern-gems.wasm [N]
    tools/wasm-size.py FILE --functions REGEX

The second form lists every function whose name matches REGEX, with its size (and exits 1
when there is any): `web/build.sh` checks that the page's module holds none of the engines.

A generic function is counted under the crate whose type or trait it is instantiated with when
its name starts with `<T as Trait>`, else under the crate that defines it. Figures are before
wasm-opt, which shrinks everything by roughly a tenth.
"""
import collections
import re
import sys


def leb(data, i):
    result = shift = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, i


ESCAPES = {"$LT$": "<", "$GT$": ">", "$RF$": "&", "$BP$": "*", "$C$": ",", "$SP$": "@",
           "$u20$": " ", "$u27$": "'", "$u5b$": "[", "$u5d$": "]", "$u7b$": "{", "$u7d$": "}",
           "$u3b$": ";", "$u2b$": "+", "$u22$": '"', "$u7e$": "~", "$u21$": "!", "$u28$": "(",
           "$u29$": ")"}


def demangle(name):
    """The path of a legacy-mangled Rust symbol (`_ZN…E`), e.g. `<bevy_ecs::x as core::y>::z`."""
    if name.startswith("_R"):
        # v0 mangling (nightly): name the first crate mentioned, which is the defining one or,
        # for trait impls, the implementing type's.
        m = re.search(r"C(?:s[0-9a-zA-Z]*_)?(\d+)([A-Za-z_][A-Za-z0-9_]*)", name)
        return m.group(2)[: int(m.group(1))] + "::" + name if m else name
    if not name.startswith("_ZN"):
        return name
    i, parts = 3, []
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        part = name[j : j + n]
        i = j + n
        if part.startswith("_$"):
            part = part[1:]
        part = part.replace("..", "::")
        for k, v in ESCAPES.items():
            part = part.replace(k, v)
        parts.append(part)
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    return "::".join(parts)


def sections(data):
    i = 8
    while i < len(data):
        sid = data[i]
        size, i = leb(data, i + 1)
        yield sid, i, i + size
        i += size


def main():
    data = open(sys.argv[1], "rb").read()
    pattern = None
    if len(sys.argv) > 3 and sys.argv[2] == "--functions":
        pattern = re.compile(sys.argv[3])
    top = int(sys.argv[2]) if len(sys.argv) > 2 and pattern is None else 40
    imported, bodies, names, data_size, custom = 0, [], {}, 0, {}
    for sid, start, end in sections(data):
        if sid == 2:  # imports: functions among them shift the function indices
            count, j = leb(data, start)
            for _ in range(count):
                for _ in range(2):
                    n, j = leb(data, j)
                    j += n
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:
                    j += 1
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 2:
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 3:
                    j += 2
        elif sid == 10:
            count, j = leb(data, start)
            for _ in range(count):
                n, j = leb(data, j)
                bodies.append(n)
                j += n
        elif sid == 11:
            data_size = end - start
        elif sid == 0:
            n, j = leb(data, start)
            name = data[j : j + n].decode(errors="replace")
            custom[name] = end - start
            if name == "name":
                j += n
                while j < end:
                    sub = data[j]
                    size, j = leb(data, j + 1)
                    if sub == 1:
                        count, k = leb(data, j)
                        for _ in range(count):
                            idx, k = leb(data, k)
                            n, k = leb(data, k)
                            names[idx] = data[k : k + n].decode(errors="replace")
                            k += n
                    j += size
    if pattern is not None:
        found = [(size, demangle(names.get(k + imported, "?"))) for k, size in enumerate(bodies)]
        found = [(size, name) for size, name in found if pattern.search(name)]
        for size, name in sorted(found, reverse=True):
            print(f"{size:>9,} {name}")
        print(f"{len(found)} function(s), {sum(s for s, _ in found):,} bytes, match {pattern.pattern}")
        sys.exit(1 if found else 0)
    by_crate, count = collections.Counter(), collections.Counter()
    for k, size in enumerate(bodies):
        name = demangle(names.get(k + imported, "?"))
        m = re.match(r"[<&\s*]*(?:dyn |mut |const |\[|\()*([A-Za-z_][A-Za-z0-9_]*)", name)
        crate = m.group(1) if m else "?"
        by_crate[crate] += size
        count[crate] += 1
    code = sum(bodies)
    print(f"file {len(data):,} bytes: code {code:,} in {len(bodies):,} functions, "
          f"data {data_size:,}, custom sections {sum(custom.values()):,}")
    for crate, size in by_crate.most_common(top):
        print(f"{size:>11,} {100 * size / code:5.1f}% {count[crate]:>6} {crate}")


if __name__ == "__main__":
    main()

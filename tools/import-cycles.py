#!/usr/bin/env python3
"""Finds import cycles between the files of a Rust crate's `src/`, and imports that break the
layering rules.

A file imports another when it names a path into it: `use crate::a::b`, `crate::a::b::f(...)`
in code, or `super::x`. Doc and ordinary comments do not count, and neither does an edge
between a module and its own parent or child (a parent declares its children; a child may
use what its parent re-exports). Every strongly connected set of two or more files is printed.

Layering rules (checked too):
- a file under `src/kit/` imports only the kit (and the crates outside `crate::`);
- a file under `src/games/NAME/` imports no other game.

Usage: `tools/import-cycles.py [SRC_DIR]` (default `src`). Exit status 1 when it finds a cycle
or a broken rule, 0 otherwise.
"""

import os
import re
import sys

PATH_RE = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+|::\{)")
USE_RE = re.compile(r"\buse\s+(crate|super)::([^;]*);", re.S)


def module_of(rel):
    """The module path of a file, relative to src: `kit/ui.rs` -> ('kit', 'ui')."""
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments(text):
    """The code without comments and string literals (so doc links and messages do not count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            out.append('""')
            i = n if j < 0 else j + len(end)
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]):
            m = re.match(r"'(\\.|[^\\'])'", text[i:])
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use(body):
    """The paths a `use` tree names: `a::{b, c::d}` -> ['a::b', 'a::c::d']."""
    body = re.sub(r"\s+", "", body)
    results = []

    def walk(prefix, tree):
        depth, start, items = 0, 0, []
        for k, ch in enumerate(tree):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(tree[start:k])
                start = k + 1
        items.append(tree[start:])
        for item in items:
            if not item:
                continue
            if "{" in item:
                head, rest = item.split("{", 1)
                walk(prefix + head, rest[: rest.rfind("}")])
            else:
                results.append(prefix + item.split(" as ")[0])

    walk("", body)
    return results


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                rel = os.path.relpath(os.path.join(root, name), src).replace(os.sep, "/")
                files[module_of(rel)] = rel
    modules = set(files)

    def resolve(path):
        """The longest module prefix of a path that is a file of the crate."""
        for k in range(len(path), 0, -1):
            if path[:k] in modules:
                return path[:k]
        return None

    edges = {m: set() for m in modules}
    for mod, rel in files.items():
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            code = strip_comments(f.read())
        paths = []
        for kind, body in USE_RE.findall(code):
            for p in expand_use(body):
                paths.append((kind, p))
        code_wo_use = USE_RE.sub("", code)
        for kind, rest in PATH_RE.findall(code_wo_use):
            paths.append((kind, rest.lstrip(":")))
        for kind, p in paths:
            segs = [s for s in p.split("::") if s and s not in ("self", "*")]
            if kind == "crate":
                base = ()
            else:
                # `super` from a file is its parent module; a mod.rs is its folder's module.
                base = mod[:-1]
                while segs and segs[0] == "super":
                    base = base[:-1]
                    segs = segs[1:]
            target = resolve(base + tuple(segs))
            if target is None or target == mod:
                continue
            # A module and its own parent or child do not count.
            if target == mod[: len(target)] or mod == target[: len(mod)]:
                continue
            edges[mod].add(target)

    problems = 0
    # Tarjan's strongly connected components.
    index, low, stack, on_stack, sccs = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            strong(v)
    for comp in sccs:
        problems += 1
        names = sorted(files[m] for m in comp)
        print(f"import cycle of {len(comp)} files: {', '.join(names)}")
        members = set(comp)
        for m in sorted(comp):
            inside = sorted(files[t] for t in edges[m] if t in members)
            print(f"  {files[m]} -> {', '.join(inside)}")

    for mod, targets in sorted(edges.items()):
        for t in sorted(targets):
            if mod[:1] == ("kit",) and t[:1] != ("kit",):
                problems += 1
                print(f"kit file imports outside the kit: {files[mod]} -> {files[t]}")
            if mod[:1] == ("games",) and len(mod) > 1 and t[:1] == ("games",) and len(t) > 1 and t[1] != mod[1]:
                problems += 1
                print(f"game imports another game: {files[mod]} -> {files[t]}")

    if problems:
        print(f"{problems} problem(s)")
        return 1
    print(f"no import cycle, no layering problem ({len(files)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that the leaderboard server builds no SQL from data: every sqlx query in
crates/gems-server/src takes a string literal as its text (values go in with .bind), and no
query is run from a string made at run time (format!, push_str, raw_sql, QueryBuilder)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "crates" / "gems-server" / "src"
CALL = re.compile(r"\b(query|query_as|query_scalar|query_with|query_as_with|query_scalar_with)\s*\(\s*")
FORBIDDEN = re.compile(r"\b(raw_sql|QueryBuilder|execute_many|fetch_many)\b|\.execute\(\s*&?format!|\.execute\(\s*\"")

problems = []
for path in sorted(ROOT.rglob("*.rs")):
    text = path.read_text()
    for m in CALL.finditer(text):
        if not text[: m.start()].rstrip().endswith("::"):
            continue  # a method of our own named query, not sqlx's
        rest = text[m.end():]
        if not re.match(r'r?#*"', rest):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{path}:{line}: the query's text is not a string literal")
    for m in FORBIDDEN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        problems.append(f"{path}:{line}: SQL run from a string made at run time ({m.group(0)})")

calls = sum(len([m for m in CALL.finditer(p.read_text())]) for p in ROOT.rglob("*.rs"))
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"sql-binds: {calls} queries in crates/gems-server/src, every one a literal with bound values")

#!/usr/bin/env bash
# Makes assets/fonts/icons.ttf: the few icon glyphs the menus use, cut from egui's
# emoji-icon-font (MIT licence, assets/fonts/icons-LICENSE.txt). The full emoji fonts
# would add 743 KB to the web build; this subset is a few KB. Needs fontTools
# (`pip install fonttools`) and a built dependency tree (for the epaint_default_fonts sources).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(ls -d ~/.cargo/registry/src/*/epaint_default_fonts-0.36.*/fonts | tail -1)
# ☰ ★ ▶ ⏸ ⏹ ⏭ 💡 🔀 🎲 ⟲ ↻ 🏆 ⚙ 🔊 💾 ✔ ✖ 🗙 ⬅ ➡ ⬆ ⬇
glyphs="U+2630,U+2605,U+25B6,U+23F8,U+23F9,U+23ED,U+1F4A1,U+1F500,U+1F3B2,U+27F2,U+21BB,\
U+1F3C6,U+2699,U+1F50A,U+1F4BE,U+2714,U+2716,U+1F5D9,U+2B05,U+27A1,U+2B06,U+2B07"
pyftsubset "$src/emoji-icon-font.ttf" --unicodes="$glyphs" --no-hinting \
  --output-file=assets/fonts/icons.ttf
cp "$src/emoji-icon-font-mit-license.txt" assets/fonts/icons-LICENSE.txt
ls -l assets/fonts/icons.ttf

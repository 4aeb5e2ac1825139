#!/usr/bin/env bash
# Synthesises the game's sound effects with SoX (Debian: sox libsox-fmt-all). Our own sounds:
# nothing is sampled. Run from the repository root; writes assets/sounds/*.ogg.
set -euo pipefail
out=assets/sounds
mkdir -p "$out"
fx() { sox -q -n -r 44100 -c 1 "$out/$1.ogg" "${@:2}"; }
# A short soft blip when a group is selected.
fx select synth 0.07 sine 1320 fade q 0.005 0.07 0.05 vol 0.45
# A plucked pop for removal (the game raises its pitch with the group's size).
fx remove synth 0.28 pluck E5 fade q 0 0.28 0.22 vol 0.8
# A low thump when the gems land.
fx land synth 0.10 sine 150:55 fade q 0.002 0.10 0.08 vol 0.8
# A soft swish when columns slide left.
fx shift synth 0.24 pinknoise band 1500 900 fade q 0.06 0.24 0.16 vol 0.5
# A rising three-note arpeggio at game over.
fx gameover synth 0.16 pluck C5 : synth 0.16 pluck E5 : synth 0.16 pluck G5 : synth 0.5 pluck C6 fade q 0 0.5 0.4 vol 0.8

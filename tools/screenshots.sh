#!/usr/bin/env bash
# Screenshots of every game under every shipped theme, plus the title, the theme editor, a
# game over, each game's How to play page and the keyboard's cursors, into docs/screenshots/
# (`tools/screenshots.sh guide` takes only the last two). Needs xvfb-run and Mesa's software Vulkan
# (Debian: xvfb xauth mesa-vulkan-drivers). Run from the repository root after `cargo build`.
set -euo pipefail
out=docs/screenshots
mkdir -p "$out"
bin=${CARGO_TARGET_DIR:-target}/debug/modern-gems
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
shot() {
    local file=$1
    shift
    MODERN_GEMS_DATA_DIR="$data" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
        "$bin" "$@" --screenshot "$out/$file" --exit-after-screenshot >/dev/null 2>&1
    echo "$out/$file"
}
guide() {
    # How to play, its worked example on the board.
    for game in modern-gems dots k-in-a-row solo-red grid-duel; do
        shot "how-to-play-$game.png" --theme jewels --game "$game" --how-to-play \
            --screenshot-delay 2.5
    done
    # The keyboard's cursors: a Dots path drawn with Space, K in a Row's frame and ghost tile,
    # Solo Red's frame on the table with a card picked up.
    shot keyboard-dots.png --theme jewels --game dots --seed 7 --screenshot-delay 6 \
        --keys "Up Up Up Up Up Up Left Left Left Left Left Left Space Right Space Right Space Down Space"
    shot keyboard-k-in-a-row.png --theme jewels --game k-in-a-row --seed 7 --screenshot-delay 4 \
        --keys "Right Down Space Right"
    shot keyboard-solo-red.png --theme jewels --game solo-red --seed 7 --screenshot-delay 4 \
        --keys "Right Right Space Up Right"
}
if [ "${1:-}" = guide ]; then
    guide
    exit 0
fi
for theme in classic jewels high-contrast neon; do
    # Modern Gems mid-game (the greedy player has made a few moves; shards may be in flight).
    shot "modern-gems-$theme.png" --theme "$theme" --board random:12x16:5:3 --player greedy \
        --autoplay --screenshot-delay 2.2
    for game in dots k-in-a-row solo-red grid-duel; do
        shot "$game-$theme.png" --theme "$theme" --game "$game" --seed 7 --screenshot-delay 2.5
    done
    shot "title-$theme.png" --theme "$theme" --game title --screenshot-delay 2
done
shot editor-jewels.png --theme jewels --board random:10x12:6:4 --edit-theme --screenshot-delay 1.5
shot game-over-jewels.png --theme jewels --board tiny --player greedy --autoplay \
    --screenshot-delay 8
guide

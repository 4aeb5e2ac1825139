#!/usr/bin/env bash
# Screenshots of every game under every shipped theme, plus the title, the theme editor, a
# game over, each game's How to play page, the keyboard's cursors, a daily and the Statistics
# page, into docs/screenshots/ (`tools/screenshots.sh guide` takes only the last four). Needs xvfb-run and Mesa's software Vulkan
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
    # The daily: Friday 2026-11-27's Dots (hints and undo greyed out).
    shot daily-dots.png --theme jewels --game dots --daily 2026-11-27 --screenshot-delay 2.5
    # The Statistics page over sample records (a week of dailies and some free play).
    cat >"$data/scores.ron" <<'RON'
(
    version: 2,
    tables: {},
    counters: {
        "stats dots played": 12, "stats dots won": 12, "stats dots total": 5400,
        "stats dots best": 820, "stats k-in-a-row played": 9, "stats k-in-a-row won": 4,
        "stats k-in-a-row run": 2, "stats k-in-a-row longest run": 3,
        "stats solo-red played": 5, "stats solo-red won": 2,
    },
    played: {},
    plays: 26,
    dailies: {
        "dots 2026-11-20": (outcome: "score 410"), "dots 2026-11-24": (outcome: "score 610"),
        "dots 2026-11-25": (outcome: "score 530"), "dots 2026-11-26": (outcome: "score 380"),
        "modern-gems 2026-11-26": (outcome: "score 1840"),
        "k-in-a-row 2026-11-25": (outcome: "k won 14"), "k-in-a-row 2026-11-26": (outcome: "k lost 20"),
        "grid-duel 2026-11-27": (outcome: "margin 35"),
        "solo-red 2026-11-23": (outcome: "red lost 11", assisted: true),
    },
)
RON
    shot statistics.png --theme jewels --game title --keys T --screenshot-delay 2.5
    rm -f "$data/scores.ron"
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

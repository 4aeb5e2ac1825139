//! The limits of a Modern Gems board that a player can ask for: the New game window's, which
//! the flags, the links and the Share button follow too (a board file may be larger).

use crate::kit::game::Setting;

/// A random board's rows (its New game window; `random:ROWSxCOLS:KINDS:SEED` boards).
pub const ROWS: Setting = Setting::number("rows", 3, 60);
/// A random board's columns.
pub const COLS: Setting = Setting::number("cols", 3, 60);
/// A random board's kinds of gem.
pub const KINDS: Setting = Setting::number("kinds", 2, gems_rules::MAX_KINDS as u32);

/// Why a board of `rows` × `cols` is larger than the New game window deals ([`ROWS`] and
/// [`COLS`] at most), if it is: such a board travels neither in a flag nor in a link.
pub fn larger_than_the_dialog(rows: usize, cols: usize) -> Option<String> {
    let over = |s: &Setting, n: usize| u32::try_from(n).map_or(true, |n| n > s.max());
    (over(&ROWS, rows) || over(&COLS, cols)).then(|| {
        format!(
            "a {rows}×{cols} board is larger than a game deals (at most {}×{})",
            ROWS.max(),
            COLS.max()
        )
    })
}

/// Why a random board of `rows` × `cols` and `kinds` is not one the New game window deals
/// ([`ROWS`], [`COLS`], [`KINDS`]), if it is not.
pub fn outside_the_dialog(rows: usize, cols: usize, kinds: u32) -> Option<String> {
    let fits = |s: &Setting, n: usize| u32::try_from(n).is_ok_and(|n| s.accepts(n));
    if !fits(&ROWS, rows) || !fits(&COLS, cols) {
        return Some(format!(
            "a random board has {} to {} rows and columns, not {rows}×{cols}",
            ROWS.min(),
            ROWS.max()
        ));
    }
    (!KINDS.accepts(kinds)).then(|| {
        format!(
            "a random board has {} to {} kinds, not {kinds}",
            KINDS.min(),
            KINDS.max()
        )
    })
}

//! What K in a Row tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use crate::kit::game::Capability::{
    Computer, GameOver, Hint, Keyboard, NewGame, Records, Restart, Share, Undo,
};
use crate::kit::game::{GameInfo, Setting};
use crate::kit::launch::GameSetup;
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;
use bevy::color::Alpha;
use gems_rules::k_in_a_row::MAX_SIZE;

/// The board's side (the rules take smaller boards from a board file).
pub const SIZE: Setting = Setting::number("size", 3, MAX_SIZE as u32);
/// The run that wins (no longer than the board's side: [`check_setup`]).
pub const K: Setting = Setting::number("k", 2, MAX_SIZE as u32);
/// The computer's search quality (perfect play is `--quality perfect`).
pub const QUALITY: Setting = Setting::number("quality", 1, 8);
/// The board's side when no size is given.
pub const DEFAULT_SIZE: usize = 5;

/// K in a Row's entry in the game registry.
pub static GAME: GameInfo = GameInfo {
    screen: super::SCREEN,
    name: "K in a Row",
    blurb: "Line up k tiles before the computer does, around the blocked squares.",
    aliases: &["kinarow"],
    plugin: super::plugin,
    logic_plugin: super::logic_plugin,
    draw_plugin: super::draw_plugin,
    picture,
    keys_plugin: super::input::keys_plugin,
    capabilities: &[
        Undo, Hint, Restart, NewGame, Share, Keyboard, Computer, GameOver, Records,
    ],
    records,
    settings: &[
        SIZE,
        K,
        QUALITY,
        Setting::text("first"),
        Setting::text("cells"),
    ],
    check_setup,
};

/// The title card's picture: a diagonal of four tiles among the opponent's.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    let gem = |k: u32| egui_color(palette.kind(k));
    let n = 4;
    let cell = r.height().min(r.width()) / n as f32;
    let origin = r.center() - egui::vec2(cell, cell) * n as f32 / 2.0;
    let tiles = [
        (0, 0, 1),
        (1, 1, 1),
        (2, 2, 1),
        (3, 3, 1),
        (0, 2, 2),
        (1, 3, 2),
        (2, 0, 2),
    ];
    for row in 0..n {
        for col in 0..n {
            let min = origin + egui::vec2(col as f32, row as f32) * cell;
            let sq = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(2.0);
            painter.rect_filled(sq, 3.0, egui_color(palette.table.cell));
        }
    }
    for (row, col, side) in tiles {
        let c = origin + egui::vec2(col as f32 + 0.5, row as f32 + 0.5) * cell;
        if side == 1 {
            painter.circle_filled(
                c,
                cell * 0.46,
                egui_color(palette.table.highlight.with_alpha(0.3)),
            );
        }
        painter.circle_filled(c, cell * 0.36, gem(side));
    }
}

/// What K in a row's setup flags must also satisfy: a run no longer than the board's side, and
/// squares (`--cells`) that fit the board.
fn check_setup(setup: &GameSetup, _board: Option<&str>) -> Vec<(&'static str, String)> {
    let size = setup.size.unwrap_or(DEFAULT_SIZE);
    let mut out = Vec::new();
    if setup.k.is_some_and(|k| k > size) {
        out.push((
            "k",
            format!("--k must be {} to the board size ({size})", K.min()),
        ));
    }
    if let Some(cells) = &setup.cells {
        let checked = gems_rules::k_in_a_row::Board::new(size, 1)
            .map_err(|e| e.to_string())
            .and_then(|mut b| crate::kit::launch::link::apply_k_cells(&mut b, cells));
        if let Err(e) = checked {
            out.push(("cells", format!("--cells: {e}")));
        }
    }
    out
}

/// The title card's line: games won, drawn and lost on every board.
fn records(scores: &crate::kit::scores::HighScores) -> Option<String> {
    let total = |what: &str| {
        let suffix = format!("|{what}");
        scores.counters_total(|key| key.starts_with("k-in-a-row|") && key.ends_with(&suffix))
    };
    let (won, drawn, lost) = (total("won"), total("drawn"), total("lost"));
    (won | drawn | lost > 0).then(|| format!("{won} won · {drawn} drawn · {lost} lost"))
}

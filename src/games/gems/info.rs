//! What Modern Gems tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use super::limits::{COLS, KINDS, ROWS, larger_than_the_dialog, outside_the_dialog};
use crate::kit::game::Capability::{
    Computer, GameOver, Hint, Keyboard, NewGame, Records, Restart, Share, Undo,
};
use crate::kit::game::{GameInfo, Setting};
use crate::kit::launch::GameSetup;
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;

/// Modern Gems's entry in the game registry.
pub static GAME: GameInfo = GameInfo {
    screen: super::SCREEN,
    name: "Modern Gems",
    blurb: "Clear the board: pick a gem and its group vanishes. Bigger groups score more.",
    aliases: &["gems"],
    plugin: super::plugin,
    logic_plugin: super::logic_plugin,
    draw_plugin: super::draw_plugin,
    picture,
    keys_plugin: super::input::keys_plugin,
    capabilities: &[
        Undo, Hint, Restart, NewGame, Share, Keyboard, Computer, GameOver, Records,
    ],
    records,
    settings: &[ROWS, COLS, KINDS, Setting::text("cells")],
    check_setup,
};

/// The title card's picture: a board with a big group about to go.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    let gem = |k: u32| egui_color(palette.kind(k));
    // A board with a big group about to go.
    let (rows, cols) = (4, 7);
    let cell = (r.width() / cols as f32).min(r.height() / rows as f32);
    let origin = r.center() - egui::vec2(cell * cols as f32, cell * rows as f32) / 2.0;
    let kinds = [
        1, 2, 2, 3, 1, 4, 2, 3, 2, 2, 2, 1, 4, 4, 3, 3, 1, 2, 5, 4, 1, 5, 1, 3, 3, 5, 5, 2,
    ];
    for (i, &k) in kinds.iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let c = origin + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell);
        let group = k == 2 && (row < 3 && (1..=4).contains(&col));
        let radius = cell * if group { 0.46 } else { 0.38 };
        painter.circle_filled(c, radius, gem(k));
        painter.circle_filled(
            c + egui::vec2(-radius * 0.3, -radius * 0.35),
            radius * 0.28,
            egui_color(palette.table.gloss),
        );
        if group {
            painter.circle_stroke(
                c,
                radius,
                egui::Stroke::new(2.0, egui_color(palette.flag_highlight)),
            );
        }
    }
}

/// What Modern Gems' setup flags must also satisfy: a board written into a link (`--cells`)
/// that reads as one, and a board by name no larger than the New game window deals (a board
/// file may be larger; a flag or a link may not ask for one).
fn check_setup(setup: &GameSetup, board: Option<&str>) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    match setup
        .cells
        .as_deref()
        .map(crate::kit::launch::link::gems_board_from_cells)
    {
        Some(Err(e)) => out.push(("cells", format!("--cells: {e}"))),
        Some(Ok(b)) => out.extend(
            larger_than_the_dialog(b.rows(), b.cols()).map(|p| ("cells", format!("--cells: {p}"))),
        ),
        None => {}
    }
    match board.map(gems_rules::gems::parse_random_name) {
        Some(Err(e)) => out.push(("board", format!("--board: {e}"))),
        Some(Ok(Some(spec))) => out.extend(
            outside_the_dialog(spec.rows, spec.cols, spec.kinds)
                .map(|p| ("board", format!("--board: {p}"))),
        ),
        _ => {}
    }
    out
}

/// The title card's line: the best score on any board, and how many boards have scores.
fn records(scores: &crate::kit::scores::HighScores) -> Option<String> {
    use gems_rules::gems::RemovalPolicy;
    // Modern Gems' tables are named "BOARD|RULES".
    let mine = |key: &str| {
        key.rsplit_once('|')
            .is_some_and(|(_, rules)| RemovalPolicy::ALL.iter().any(|p| p.short_name() == rules))
    };
    let bests: Vec<u64> = scores.bests(mine).collect();
    let best = bests.iter().max()?;
    let boards = bests.len();
    Some(format!(
        "Best {best} · {boards} board{}",
        if boards == 1 { "" } else { "s" }
    ))
}

//! What Dots tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use crate::kit::game::Capability::{
    Computer, GameOver, Hint, Keyboard, NewGame, Records, Restart, Share, Undo,
};
use crate::kit::game::{GameInfo, Setting, no_setup_checks};
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;
use gems_rules::dots::{MAX_COLORS, MAX_MOVES, MAX_SIZE, MIN_COLORS, MIN_SIZE};

/// The board's side.
pub const SIZE: Setting = Setting::number("size", MIN_SIZE as u32, MAX_SIZE as u32);
/// The colours in play.
pub const COLOURS: Setting = Setting::number("colours", MIN_COLORS as u32, MAX_COLORS as u32);
/// The moves allowed.
pub const MOVES: Setting = Setting::number("moves", 1, MAX_MOVES);

/// Dots's entry in the game registry.
pub static GAME: GameInfo = GameInfo {
    screen: super::SCREEN,
    name: "Dots",
    blurb: "Connect same-colour dots; close a loop to clear a whole colour.",
    aliases: &[],
    plugin: super::plugin,
    logic_plugin: super::logic_plugin,
    draw_plugin: super::draw_plugin,
    picture,
    keys_plugin: super::input::keys_plugin,
    capabilities: &[
        Undo, Hint, Restart, NewGame, Share, Keyboard, Computer, GameOver, Records,
    ],
    records,
    settings: &[SIZE, COLOURS, MOVES],
    check_setup: no_setup_checks,
};

/// The title card's picture: a closed loop of one colour among dots of others.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    let gem = |k: u32| egui_color(palette.kind(k));
    let (rows, cols) = (4, 6);
    let cell = (r.width() / cols as f32).min(r.height() / rows as f32);
    let origin = r.center() - egui::vec2(cell * cols as f32, cell * rows as f32) / 2.0;
    let at = |row: usize, col: usize| {
        origin + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
    };
    // A closed loop of one colour.
    let ring = [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)];
    for w in ring.windows(2) {
        painter.line_segment(
            [at(w[0].0, w[0].1), at(w[1].0, w[1].1)],
            egui::Stroke::new(cell * 0.16, gem(1)),
        );
    }
    for row in 0..rows {
        for col in 0..cols {
            let on_ring = ring.contains(&(row, col));
            let k = if on_ring {
                1
            } else {
                ((row * 3 + col * 5) % 4 + 2) as u32
            };
            painter.circle_filled(at(row, col), cell * 0.22, gem(k));
        }
    }
}

/// The title card's line: the best score under any settings.
fn records(scores: &crate::kit::scores::HighScores) -> Option<String> {
    let best = scores.bests(|key| key.starts_with("dots|")).max()?;
    Some(format!("Best {best}"))
}

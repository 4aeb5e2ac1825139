//! What Grid Duel tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use crate::kit::game::Capability::{
    Computer, GameOver, Hint, Keyboard, NewGame, Records, Restart, Share, Undo,
};
use crate::kit::game::{GameInfo, Setting, no_setup_checks};

/// The computer: plain (keeps every grid) or smart (regenerates a row when it pays).
pub const COMPUTER: Setting = Setting::text("computer");
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;

/// Grid Duel's entry in the game registry.
pub static GAME: GameInfo = GameInfo {
    screen: super::SCREEN,
    name: "Grid Duel",
    blurb: "Score a 9×9 grid of digits against the computer over three turns.",
    aliases: &["gridduel"],
    plugin: super::plugin,
    logic_plugin: super::logic_plugin,
    draw_plugin: super::draw_plugin,
    picture,
    keys_plugin: super::input::keys_plugin,
    capabilities: &[
        Undo, Hint, Restart, NewGame, Share, Keyboard, Computer, GameOver, Records,
    ],
    records,
    settings: &[COMPUTER],
    check_setup: no_setup_checks,
};

/// The title card's picture: a grid of digits with a chosen row.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    let gem = |k: u32| egui_color(palette.kind(k));
    let n = 5;
    let cell = r.height().min(r.width()) / n as f32;
    let origin = r.center() - egui::vec2(cell, cell) * n as f32 / 2.0;
    for row in 0..n {
        for col in 0..n {
            let min = origin + egui::vec2(col as f32, row as f32) * cell;
            let sq = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(1.5);
            let chosen = row == 2;
            painter.rect_filled(
                sq,
                2.0,
                if chosen {
                    gem(3)
                } else {
                    egui_color(palette.table.cell)
                },
            );
            let digit = (row * 7 + col * 3 + 1) % 10;
            painter.text(
                sq.center(),
                egui::Align2::CENTER_CENTER,
                digit.to_string(),
                egui::FontId::monospace(cell * 0.55),
                egui_color(if chosen {
                    palette.background
                } else {
                    palette.table.text
                }),
            );
        }
    }
}

/// The title card's line: the best winning total.
fn records(scores: &crate::kit::scores::HighScores) -> Option<String> {
    let best = scores.best(super::hud::BEST_KEY)?;
    Some(format!("Best winning total {best}"))
}

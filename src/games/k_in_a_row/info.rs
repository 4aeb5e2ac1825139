//! What K in a Row tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use crate::kit::game::Capability::{Computer, GameOver, NewGame, Records, Restart, Share};
use crate::kit::game::GameInfo;
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;
use bevy::color::Alpha;

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
    how_to_play: concat!(
        "You and the computer take turns placing tiles on the board. The first to get k tiles side by side in a row, a column or a diagonal wins; if no empty square is left and nobody has won, it is a draw.\n",
        "\n",
        "Dark squares with a red cross are unavailable: no tile may go there, so a line cannot pass through one.\n",
        "\n",
        "Click an empty square to place your tile. The panel beside the board sets the next game's board size (up to 19×19), k, the computer's strength and who starts, and can mark squares unavailable before the first move.",
    ),
    capabilities: &[Restart, NewGame, Share, Computer, GameOver, Records],
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

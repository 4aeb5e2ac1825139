//! What Solo Red tells the kit about itself: its name, its title card, what it offers.

use bevy_egui::egui;

use crate::kit::game::Capability::{
    Computer, GameOver, Hint, Keyboard, NewGame, Records, Restart, Share, Undo,
};
use crate::kit::game::Setting;
use crate::kit::game::{GameInfo, no_setup_checks};
use crate::kit::palette::Palette;
use crate::kit::theme::egui_color;

/// The palettes of a deal.
pub const PALETTES: Setting = Setting::number(
    "palettes",
    *super::model::PALETTE_RANGE.start() as u32,
    *super::model::PALETTE_RANGE.end() as u32,
);
/// The cards in hand.
pub const HAND: Setting = Setting::number(
    "hand",
    *super::model::HAND_RANGE.start() as u32,
    *super::model::HAND_RANGE.end() as u32,
);

/// Solo Red's entry in the game registry.
pub static GAME: GameInfo = GameInfo {
    screen: super::SCREEN,
    name: "Solo Red",
    blurb: "The Red7 solitaire: keep changing the rule so your palette stays winning.",
    aliases: &["solored"],
    plugin: super::plugin,
    logic_plugin: super::logic_plugin,
    draw_plugin: super::draw_plugin,
    picture,
    keys_plugin: super::input::keys_plugin,
    capabilities: &[
        Undo, Hint, Restart, NewGame, Share, Keyboard, Computer, GameOver, Records,
    ],
    records,
    settings: &[PALETTES, HAND],
    check_setup: no_setup_checks,
};

/// The title card's picture: three fanned cards.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    let t = &palette.table;
    let dark = egui_color(t.card_edge);
    let cards = [
        (*t.card(gems_rules::solo_red::Colour::Red), "7", -0.25f32),
        (*t.card(gems_rules::solo_red::Colour::Blue), "5", 0.0),
        (*t.card(gems_rules::solo_red::Colour::Orange), "3", 0.25),
    ];
    let h = r.height() * 0.95;
    let w = h * 0.7;
    for (i, (c, n, tilt)) in cards.iter().enumerate() {
        let centre = r.center() + egui::vec2((i as f32 - 1.0) * w * 0.62, (tilt.abs()) * 10.0);
        let card = egui::Rect::from_center_size(centre, egui::vec2(w, h));
        painter.rect(
            card,
            6.0,
            egui_color(t.card_face),
            egui::Stroke::new(1.0, dark),
            egui::StrokeKind::Inside,
        );
        painter.rect_filled(card.shrink(5.0), 4.0, egui_color(*c));
        painter.text(
            card.center(),
            egui::Align2::CENTER_CENTER,
            *n,
            egui::FontId::proportional(h * 0.45),
            egui_color(t.text),
        );
    }
}

/// The title card's line: deals won of those played, and the best streak.
fn records(scores: &crate::kit::scores::HighScores) -> Option<String> {
    let record = super::record::SoloRedRecord::read(scores);
    (record.played > 0).then(|| {
        format!(
            "Won {} of {} · best streak {}",
            record.won, record.played, record.best_streak
        )
    })
}

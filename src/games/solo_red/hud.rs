//! Solo Red's egui HUD: its items in the kit's top bar (the rule, the last message, autoplay),
//! its New game window (the deal number) and what its game-over window says (the record).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::model::{
    HAND, HAND_RANGE, PALETTE_RANGE, PALETTES, SoloPhase, SoloRedAction, SoloRedSession,
};
use crate::kit::chrome::{ChromeBar, Ready};
use crate::kit::palette::Palette;
use crate::kit::schedule::GameSchedule;
use crate::kit::theme::{Theme, egui_color};
use crate::kit::ui::BarPart;

/// Shows the HUD.
pub(super) fn plugin(app: &mut App) {
    app.game_hud(super::SCREEN, hud);
}

#[derive(bevy::ecs::system::SystemParam)]
struct HudParams<'w> {
    session: Res<'w, SoloRedSession>,
    theme: Res<'w, Theme>,
    palette: Res<'w, Palette>,
    actions: MessageWriter<'w, SoloRedAction>,
    scores: Option<Res<'w, crate::kit::scores::HighScores>>,
    seeds: ResMut<'w, crate::kit::seed::Seeds>,
}

fn hud(
    mut contexts: EguiContexts,
    mut p: HudParams,
    mut bar: ChromeBar,
    phase: Res<State<SoloPhase>>,
    mut deal: Local<Option<(u64, usize, usize)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let ready = Ready {
        undo: p.session.history.can_undo(),
        redo: p.session.history.can_redo(),
        hint: !p.session.game.is_over(),
        restart: true,
    };
    bar.top_bar(&ctx, ready, |ui, part| top_bar(ui, part, &mut p));
    let mut start = None;
    bar.new_game_window(&ctx, |ui| {
        let (seed, palettes, hand) = deal.get_or_insert_with(|| {
            let (palettes, hand) = p.session.setup();
            (p.session.seed, palettes, hand)
        });
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(seed).prefix("deal "));
            if ui
                .button("🔀 Shuffle")
                .on_hover_text("Another deal")
                .clicked()
            {
                // Short enough to read out and type back in.
                *seed = p.seeds.next_seed() % 1_000_000;
            }
        });
        ui.small("The same deal number deals the same cards.");
        ui.add(egui::Slider::new(palettes, PALETTE_RANGE).text("palettes"));
        ui.add(egui::Slider::new(hand, HAND_RANGE).text("cards in hand"));
        if (*palettes, *hand) != (PALETTES, HAND) {
            ui.small(format!(
                "Your record counts deals of {PALETTES} palettes and {HAND} cards."
            ));
        }
        ui.horizontal(|ui| {
            if ChromeBar::start_button(ui) {
                start = Some((*seed, *palettes, *hand));
            } else if ui.button("Defaults").clicked() {
                (*palettes, *hand) = (PALETTES, HAND);
            }
        });
    });
    if !bar.new_game_open() {
        *deal = None;
    }
    if let Some((seed, palettes, hand)) = start {
        p.actions.write(SoloRedAction::Deal {
            seed,
            palettes,
            hand,
        });
        // The next deal's number is a fresh one.
        *deal = None;
        bar.close_new_game();
    }
    if *phase.get() == SoloPhase::Over {
        let won = p.session.game.is_won();
        let title = if won { "You won!" } else { "Game lost" };
        bar.game_over(&ctx, title, ready, |ui| over_lines(ui, &p, won));
    }
    Ok(())
}

/// The rule and the last message always show; on a phone Autoplay is under "☰ More".
fn top_bar(ui: &mut egui::Ui, part: BarPart, p: &mut HudParams) {
    let pal = p.palette.ui;
    if part == BarPart::More {
        let auto = if p.session.autoplay {
            "⏸ Stop AI (C)"
        } else {
            "▶ Autoplay (C)"
        };
        if ui
            .button(egui::RichText::new(auto).size(p.theme.text_size))
            .clicked()
        {
            p.actions.write(SoloRedAction::ToggleAutoplay);
        }
        return;
    }
    let rule = p.session.game.canvas();
    ui.label(
        egui::RichText::new(format!("Rule — {}: {}", rule.name(), rule.rule()))
            .color(egui_color(
                p.palette.table.card(rule).mix(&p.palette.table.text, 0.5),
            ))
            .size(p.theme.text_size * 1.05),
    );
    if !p.session.message.is_empty() {
        ui.separator();
        ui.label(pal.accent_text(&p.session.message, p.theme.text_size));
    }
}

/// What the game-over window says: how the deal ended and the player's record.
fn over_lines(ui: &mut egui::Ui, p: &HudParams, won: bool) {
    ui.label(if won {
        "Every card is played and a palette won after each play."
    } else {
        "The last card played did not make its palette win."
    });
    if let Some(scores) = &p.scores {
        let record = super::record::SoloRedRecord::read(scores);
        ui.label(egui::RichText::new(record.summary()).strong());
    }
    if p.session.assisted {
        ui.small("Autoplay played in this deal, so it is not in your record.");
    } else if p.session.history.used() {
        ui.small(crate::kit::history::NOT_RANKED);
    } else if p.session.setup() != (PALETTES, HAND) {
        ui.small(format!(
            "Your record counts deals of {PALETTES} palettes and {HAND} cards."
        ));
    }
}

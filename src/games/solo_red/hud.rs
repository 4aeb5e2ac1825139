//! Solo Red's egui HUD: its items in the kit's top bar (the rule, the last message, autoplay),
//! its New game window (the deal number) and what its game-over window says (the record).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::model::{SoloPhase, SoloRedAction, SoloRedSession};
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
    mut deal: Local<Option<u64>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    bar.top_bar(&ctx, Ready::ALL, |ui, part| top_bar(ui, part, &mut p));
    let mut start = None;
    bar.new_game_window(&ctx, |ui| {
        let seed = deal.get_or_insert(p.session.seed);
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
        if ChromeBar::start_button(ui) {
            start = Some(*seed);
        }
    });
    if !bar.new_game_open() {
        *deal = None;
    }
    if let Some(seed) = start {
        p.actions.write(SoloRedAction::NewGame(seed));
        bar.close_new_game();
    }
    if *phase.get() == SoloPhase::Over {
        let won = p.session.game.is_won();
        let title = if won { "You won!" } else { "Game lost" };
        bar.game_over(&ctx, title, Ready::ALL, |ui| over_lines(ui, &p, won));
    }
    Ok(())
}

/// The rule and the last message always show; on a phone Autoplay is under "☰ More".
fn top_bar(ui: &mut egui::Ui, part: BarPart, p: &mut HudParams) {
    let pal = p.palette.ui;
    if part == BarPart::More {
        let auto = if p.session.autoplay {
            "⏸ Stop AI (A)"
        } else {
            "▶ Autoplay (A)"
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
    }
}

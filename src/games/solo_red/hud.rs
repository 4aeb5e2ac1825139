//! Solo Red's egui HUD: the top bar (the rule, hint, autoplay, new deal, the last message) and
//! the panel that ends a deal with the player's record.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::model::{SoloPhase, SoloRedAction, SoloRedSession};
use crate::kit::chrome::ChromeBar;
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
    bar: ChromeBar<'w>,
    scores: Option<Res<'w, crate::kit::scores::HighScores>>,
    seeds: ResMut<'w, crate::kit::seed::Seeds>,
}

fn hud(mut contexts: EguiContexts, mut p: HudParams, phase: Res<State<SoloPhase>>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    top_bar(&ctx, &mut p);
    if *phase.get() == SoloPhase::Over {
        over_window(&ctx, &mut p);
    }
    Ok(())
}

fn top_bar(ctx: &egui::Context, p: &mut HudParams) {
    let pal = p.palette.ui;
    // The rule, the hint and the last message always show; on a phone the rest is under
    // "☰ More".
    pal.top_bar_parts(ctx, "solo-red-top", |ui, part| {
        if part == BarPart::More {
            let auto = if p.session.autoplay {
                "⏸ Stop AI (A)"
            } else {
                "▶ Autoplay (A)"
            };
            if ui.button(auto).clicked() {
                p.actions.write(SoloRedAction::ToggleAutoplay);
            }
            if ui.button("🔀 New deal (N)").clicked() {
                p.actions.write(SoloRedAction::NewGame(p.seeds.next_seed()));
            }
            p.bar.share_button(ui);
            p.bar.shared_buttons(ui, p.theme.text_size);
            return;
        }
        p.bar.games_button(ui, p.theme.text_size);
        ui.separator();
        // On a phone the game's name gives its room to the rule.
        if !crate::kit::ui::is_narrow(ui.ctx()) {
            ui.label(
                egui::RichText::new("Solo Red")
                    .strong()
                    .size(p.theme.heading_size * 0.85),
            );
            ui.separator();
        }
        let rule = p.session.game.canvas();
        ui.label(
            egui::RichText::new(format!("Rule — {}: {}", rule.name(), rule.rule()))
                .color(egui_color(
                    p.palette.table.card(rule).mix(&p.palette.table.text, 0.5),
                ))
                .size(p.theme.text_size * 1.05),
        );
        ui.separator();
        if ui.button("💡 Hint (H)").clicked() {
            p.actions.write(SoloRedAction::Hint);
        }
        if !p.session.message.is_empty() {
            ui.separator();
            ui.label(pal.accent_text(&p.session.message, p.theme.text_size));
        }
    });
}

fn over_window(ctx: &egui::Context, p: &mut HudParams) {
    let won = p.session.game.is_won();
    let title = if won { "You won!" } else { "Game lost" };
    p.palette.ui.panel(
        ctx,
        "solo-red-over",
        egui::Align2::RIGHT_CENTER,
        egui::vec2(-24.0, -40.0),
        300.0,
        |ui| {
            ui.heading(title);
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
            ui.horizontal(|ui| {
                if ui.button("New deal").clicked() {
                    p.actions.write(SoloRedAction::NewGame(p.seeds.next_seed()));
                }
                if ui.button("☰ Games").clicked() {
                    p.bar.leave();
                }
            });
        },
    );
}

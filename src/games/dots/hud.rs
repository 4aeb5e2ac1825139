//! The egui HUD of Dots: moves left, score and best, hint / remove / autoplay / new game /
//! title buttons, the game settings (board size, colours, moves), a status line (closed loops
//! announced before release) and the game-over panel with high scores.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::ai::DotsAutoplay;
use super::info::{COLOURS, MOVES, SIZE};
use super::model::{DotsAction, DotsGameOver, DotsHint, DotsPhase, DotsSession, LastPoints};
use crate::kit::chrome::{ChromeBar, Ready};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSchedule;
use crate::kit::scores::HighScores;
use crate::kit::seed::Seeds;
use crate::kit::theme::Theme;
use crate::kit::ui::{BarPart, button};

/// Draws the HUD.
pub(super) fn plugin(app: &mut App) {
    app.game_hud(super::SCREEN, hud);
}

/// What the HUD reads: the game, its phase, hint, last points and end, the scores and the theme.
type HudState<'w> = (
    Res<'w, DotsSession>,
    PhaseOf<'w, DotsPhase>,
    Res<'w, DotsHint>,
    Res<'w, LastPoints>,
    Res<'w, DotsGameOver>,
    Res<'w, HighScores>,
    Res<'w, Theme>,
);

fn hud(
    mut contexts: EguiContexts,
    (session, phase, hint, last, over, scores, theme): HudState,
    mut autoplay: ResMut<DotsAutoplay>,
    mut seeds: ResMut<Seeds>,
    mut bar: ChromeBar,
    mut actions: MessageWriter<DotsAction>,
    mut draft: Local<Option<(usize, u8, u32)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let game = &session.game;
    let text = theme.text_size;
    let heading = theme.heading_size;
    let best = scores.best(&session.score_key()).unwrap_or(0);
    let idle = phase.get() == DotsPhase::Idle;
    let pal = bar.palette().ui;
    let settled = idle || phase.get() == DotsPhase::Over;
    let ready = Ready {
        hint: idle,
        undo: settled && session.history.can_undo(),
        redo: settled && session.history.can_redo(),
        restart: true,
    };
    // The moves and the score always show; on a phone the rest is under "☰ More".
    bar.top_bar(&ctx, ready, |ui, part| {
        if part == BarPart::Main {
            ui.label(
                egui::RichText::new(format!("Moves left {}", game.moves_left()))
                    .size(text)
                    .strong(),
            );
            ui.separator();
            ui.label(
                egui::RichText::new(format!("Score {}", game.score()))
                    .size(text)
                    .strong(),
            );
            if last.0 > 0 {
                ui.label(pal.good_text(format!("+{}", last.0), text));
            }
            return;
        }
        ui.label(egui::RichText::new(format!("Best {best}")).size(text));
        ui.separator();
        let removable = idle && game.selection().len() >= 2;
        if button(
            ui,
            egui::RichText::new("Remove").size(text),
            removable,
            "Remove the selected dots (Enter)",
        ) {
            actions.write(DotsAction::Remove);
        }
        ui.checkbox(
            &mut autoplay.enabled,
            egui::RichText::new("Autoplay").size(text),
        )
        .on_hover_text("The computer plays (C)");
    });
    let status = status_text(&session, &hint);
    pal.bottom_bar(&ctx, "dots-bottom", |ui| {
        ui.label(egui::RichText::new(status).size(text * 0.9));
    });
    let mut started = false;
    bar.new_game_window(&ctx, |ui| {
        started = new_game_options(ui, &session, &mut seeds, &mut draft, &mut actions);
    });
    if started {
        bar.close_new_game();
    }
    if phase.get() == DotsPhase::Over {
        bar.game_over(&ctx, "Game over", ready, |ui| {
            let why = if game.moves_left() == 0 {
                "No moves left."
            } else {
                "No two neighbouring dots share a colour."
            };
            ui.label(egui::RichText::new(why).size(text));
            ui.label(
                egui::RichText::new(format!("Score {}", over.score))
                    .size(heading)
                    .strong(),
            );
            if over.new_record {
                ui.label(pal.accent_text("New best score!", text * 1.3).strong());
            } else if session.history.used() {
                ui.label(egui::RichText::new(crate::kit::history::NOT_RANKED).size(text * 0.9));
            }
            ui.add_space(6.0);
            ui.label(
                egui::RichText::new(format!(
                    "Top scores on {0}×{0}, {1} colours, {2} moves",
                    session.size, session.colors, session.moves
                ))
                .size(text * 0.9)
                .weak(),
            );
            let table = scores.table(&session.score_key());
            pal.score_table(ui, "dots-top-ten", table, over.rank, text);
            if let Some(err) = &scores.error {
                ui.label(pal.bad_text(err, text * 0.9));
            }
        });
    }
    Ok(())
}

/// The New game window's options: sliders for the board size, colours and moves (each setting
/// has its own high scores), Start, and a new deal with the settings in play. True once a new
/// game has started.
fn new_game_options(
    ui: &mut egui::Ui,
    session: &DotsSession,
    seeds: &mut Seeds,
    draft: &mut Option<(usize, u8, u32)>,
    actions: &mut MessageWriter<DotsAction>,
) -> bool {
    let current = (session.size, session.colors, session.moves);
    let (mut size, mut colors, mut moves) = draft.unwrap_or(current);
    // The limits are the registration's, which the flags and links obey too.
    let (sizes, colours) = (
        SIZE.min() as usize..=SIZE.max() as usize,
        COLOURS.min() as u8..=COLOURS.max() as u8,
    );
    ui.add(egui::Slider::new(&mut size, sizes).text("board size"));
    ui.add(egui::Slider::new(&mut colors, colours).text("colours"));
    ui.add(
        egui::Slider::new(&mut moves, MOVES.min()..=MOVES.max())
            .logarithmic(true)
            .text("moves"),
    );
    *draft = Some((size, colors, moves));
    let mut started = false;
    ui.horizontal(|ui| {
        if ChromeBar::start_button(ui) {
            if (size, colors, moves) == current {
                actions.write(DotsAction::NewGame(seeds.next_seed()));
            } else {
                actions.write(DotsAction::Setup {
                    size,
                    colors,
                    moves,
                });
            }
            started = true;
        } else if ui.button("Defaults").clicked() {
            *draft = Some((
                gems_rules::dots::DEFAULT_SIZE,
                gems_rules::dots::DEFAULT_COLORS,
                gems_rules::dots::DEFAULT_MOVES,
            ));
        }
    });
    if started {
        *draft = None;
    }
    started
}

fn status_text(session: &DotsSession, hint: &DotsHint) -> String {
    let game = &session.game;
    let sel = game.selection();
    if game.is_closed_shape() {
        let c = game.board().get(sel[0]);
        return format!(
            "Closed loop! Release to remove all {} dots of this colour.",
            game.board().count(c)
        );
    }
    if sel.len() >= 2 {
        return format!(
            "{} dots selected: release (or Enter) to remove them.",
            sel.len()
        );
    }
    if !hint.path.is_empty() {
        return format!("Hint: the ringed dots remove {}.", hint.points);
    }
    "Drag from dot to dot of one colour; close a loop to clear the whole colour. Right click clears."
        .to_string()
}

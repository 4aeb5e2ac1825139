//! The game-over window: the final score, the top ten for the board and rules, and the coach
//! (the Expert's game from the same start, with "Show me").

use bevy_egui::egui;

use super::HudParams;
use crate::games::gems::model::{GemsAction, Watch};
use crate::kit::ui::UiPalette;

/// What the game-over window says: the final score, gems left, whether it ranks, the coach,
/// and the top ten.
pub(super) fn game_over(ui: &mut egui::Ui, p: &mut HudParams, pal: &UiPalette) {
    let text = p.theme.text_size;
    let score = p.session.game.score();
    ui.label(
        egui::RichText::new(format!("Final score: {score}"))
            .size(p.theme.heading_size * 1.2)
            .strong(),
    );
    let left = p.session.game.board().gem_count();
    ui.label(if left == 0 {
        pal.good_text("Board cleared!", text * 1.1)
    } else {
        egui::RichText::new(format!("{left} gems left")).size(text)
    });
    let this_game = p.over.score == score;
    if p.over.new_record && this_game {
        ui.label(pal.accent_text("New best score!", text * 1.3).strong());
    } else if p.session.watched {
        ui.label(egui::RichText::new("A watched game is not ranked.").size(text * 0.9));
    } else if p.session.history.used() {
        ui.label(egui::RichText::new(crate::kit::history::NOT_RANKED).size(text * 0.9));
    } else if p.session.mixed_rules {
        ui.label(
            egui::RichText::new("The rules changed during this game: it is not ranked.")
                .size(text * 0.9),
        );
    }
    coach_lines(ui, p, score, pal);
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(format!(
            "Top scores on {}, {} rules",
            p.session.board_name,
            p.session.game.policy().short_name()
        ))
        .size(text * 0.9)
        .weak(),
    );
    let mine = p.over.rank.filter(|_| this_game);
    let table = p.scores.table(&p.session.score_key());
    pal.score_table(ui, "gems-top-ten", table, mine, text);
    if let Some(err) = &p.scores.error {
        ui.label(pal.bad_text(err, text * 0.9));
    }
}

/// The coach in the game-over window: the Expert's score from the same start (or that it is
/// still playing), and "Show me" to watch its line.
fn coach_lines(ui: &mut egui::Ui, p: &mut HudParams, score: u64, pal: &UiPalette) {
    if p.session.watched {
        return;
    }
    let text = p.theme.text_size;
    let Some(line) = &p.coach.line else {
        if p.coach_ai.busy() {
            let so_far = p
                .coach_ai
                .progress()
                .map_or(String::new(), |p| format!(" ({})", p.describe()));
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(
                    egui::RichText::new(format!("The Expert is playing the same start...{so_far}"))
                        .size(text),
                );
            });
        }
        return;
    };
    let verdict = if line.score > score {
        pal.accent_text(
            format!(
                "The Expert scores {} from the same start ({} more)",
                line.score,
                line.score - score
            ),
            text,
        )
    } else {
        pal.good_text(
            format!("The Expert scores {}: you beat it!", line.score),
            text,
        )
    };
    ui.label(verdict);
    if !line.moves.is_empty()
        && ui
            .button("Show me")
            .on_hover_text("Watch the Expert's line from the start")
            .clicked()
    {
        let watch = Watch {
            who: "the Expert".to_string(),
            moves: line.moves.clone(),
            score: line.score,
        };
        p.actions.write(GemsAction::Watch {
            board_name: p.session.board_name.clone(),
            board: p.session.start.clone(),
            policy: p.session.game.policy(),
            watch: Box::new(watch),
        });
    }
}

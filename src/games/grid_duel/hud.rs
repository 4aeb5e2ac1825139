//! Grid Duel's egui panel: whose grid is on show and its points, the choices, the scoreboard
//! across turns, the end of the game (and the replay after a tie), and the way back to the title.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use bevy_egui::{EguiContexts, egui};
use gems_rules::grid_duel::{Outcome, Side, TURNS};

use super::model::{DuelAction, DuelSession, OnShow, Stage, caption};
use crate::kit::chrome::{ChromeBar, Ready};
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::ViewArea;
use crate::kit::schedule::GameSchedule;
use crate::kit::scores::HighScores;
use crate::kit::theme::{Theme, egui_color};
use crate::kit::ui::BarPart;

/// High-score key: the human's best winning total.
pub const BEST_KEY: &str = "grid-duel/best-winning-total";

/// The panel and the high-score bookkeeping.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SmartChoice>()
        .game_hud(super::SCREEN, panel)
        .add_systems(Update, record_win.in_set(super::set(GameSystems::View)))
        .add_systems(
            Update,
            sync_smart_choice.run_if(resource_added::<DuelSession>),
        );
}

/// Seconds the grid's points take to count up.
const COUNT_UP_SECS: f32 = 0.6;

/// Whether the next new game uses the smart computer.
#[derive(Resource, Default, Clone, Copy)]
pub struct SmartChoice(pub bool);

/// The checkbox starts as the duel on show plays.
fn sync_smart_choice(session: Res<DuelSession>, mut smart: ResMut<SmartChoice>) {
    smart.0 = session.duel.computer_kind() == gems_rules::grid_duel::ComputerKind::Smart;
}

/// A won game's total enters the table of winning totals; a new best is celebrated.
fn record_win(
    session: Option<ResMut<DuelSession>>,
    stage: Res<State<Stage>>,
    scores: Option<ResMut<HighScores>>,
    area: Res<ViewArea>,
    mut fx: FxWriters,
) {
    let (Some(mut session), Some(mut scores)) = (session, scores) else {
        return;
    };
    if *stage.get() == Stage::Over(Outcome::HumanWins) && !session.recorded {
        session.recorded = true;
        if session.history.used() {
            // A duel that took a choice back enters no record.
            return;
        }
        let total = session.duel.total(Side::Human).max(0) as u64;
        if scores.record(BEST_KEY, total) == Some(0) {
            fx.celebrate(Celebration::NewBest, area.middle());
        }
    }
}

fn panel(
    mut contexts: EguiContexts,
    session: Option<Res<DuelSession>>,
    on_show: Res<OnShow>,
    stage: Res<State<Stage>>,
    scores: Option<Res<HighScores>>,
    mut smart: ResMut<SmartChoice>,
    mut actions: MessageWriter<DuelAction>,
    mut bar: ChromeBar,
    theme: Res<Theme>,
    time: Res<Time>,
    mut count_up: Local<(Option<gems_rules::grid_duel::Grid>, f32)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(session) = session else {
        return Ok(());
    };
    let duel = &session.duel;
    let pal = bar.palette().ui;
    let table = &bar.palette().table;
    // The colours of the world's run highlights: columns score (good), rows (bad), gold extras.
    // The same colours as the runs and bonus marks on the board.
    let (red, green, gold) = (
        egui_color(table.minus_text),
        egui_color(table.plus_text),
        egui_color(table.highlight),
    );
    let line = format!(
        "Game {} · Turn {} of {TURNS} · {} computer",
        duel.game_number(),
        duel.turn() + 1,
        match duel.computer_kind() {
            gems_rules::grid_duel::ComputerKind::Plain => "plain",
            gems_rules::grid_duel::ComputerKind::Smart => "smart",
        }
    );
    let choosing = *stage.get() == Stage::Choosing;
    let ready = Ready {
        undo: choosing && session.history.can_undo(),
        redo: choosing && session.history.can_redo(),
        hint: choosing,
        restart: true,
    };
    let bar_rect = bar.top_bar(ctx, ready, |ui, part| {
        if part == BarPart::Main {
            ui.label(egui::RichText::new(&line).size(theme.text_size));
        }
    });
    pal.side_panel(ctx, "grid-duel-panel", 340.0, bar_rect.bottom(), |ui| {
        ui.add_space(6.0);
        // The points count up for a moment once a grid is dealt.
        let revealed = *stage.get() != Stage::Revealing;
        let grid = on_show.show.as_ref().map(|s| s.grid).filter(|_| revealed);
        if count_up.0 != grid {
            *count_up = (grid, 0.0);
        }
        count_up.1 = (count_up.1 + time.delta_secs() / COUNT_UP_SECS).min(1.0);
        let frac = count_up.1;
        let part = |v: i32| (v as f32 * frac).round() as i32;
        if let Some(show) = &on_show.show {
            ui.label(
                egui::RichText::new(caption(show))
                    .size(theme.heading_size * 0.85)
                    .strong(),
            );
            let p = &on_show.points;
            if *stage.get() != Stage::Revealing {
                egui::Grid::new("points").num_columns(2).show(ui, |ui| {
                    ui.label(egui::RichText::new("Vertical").color(green));
                    ui.label(egui::RichText::new(format!("+{}", part(p.vertical))).color(green));
                    ui.end_row();
                    ui.label(egui::RichText::new("Horizontal").color(red));
                    ui.label(egui::RichText::new(format!("−{}", part(p.horizontal))).color(red));
                    ui.end_row();
                    ui.label(egui::RichText::new("Bonus").color(gold));
                    ui.label(egui::RichText::new(format!("+{}", part(p.bonus))).color(gold));
                    ui.end_row();
                    ui.label(egui::RichText::new("Rare").color(gold));
                    ui.label(egui::RichText::new(format!("+{}", part(p.rare))).color(gold));
                    ui.end_row();
                    ui.label(egui::RichText::new("Grid points").strong());
                    ui.label(
                        egui::RichText::new(part(p.total()).to_string())
                            .size(theme.heading_size * 0.9)
                            .strong(),
                    );
                    ui.end_row();
                });
            } else {
                ui.label("Dealing . . .");
            }
            ui.label(egui::RichText::new(&show.note).italics());
        }
        if *stage.get() == Stage::Choosing {
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Keep this grid  [Enter]").clicked() {
                    actions.write(DuelAction::Keep);
                }
                if ui.button("New grid  [G]").clicked() {
                    actions.write(DuelAction::RegenerateGrid);
                }
            });
            ui.small("Click a row (or press 1–9) to regenerate just that row.");
            if let Some((choice, plan)) = session.hint {
                let advice = match choice {
                    gems_rules::grid_duel::Choice::RegenerateRow(r) => format!(
                        "Hint: deal row {r} again (the ringed row): expected {:.1} points, {:+.1}.",
                        plan.expected,
                        plan.gain()
                    ),
                    _ => format!(
                        "Hint: keep this grid: no row is expected to beat its {} points.",
                        plan.current
                    ),
                };
                ui.label(pal.accent_text(advice, theme.text_size));
            }
        }
        ui.separator();
        scoreboard(ui, duel);
        if let Some(best) = scores.as_ref().and_then(|s| s.best(BEST_KEY)) {
            ui.label(format!("Best winning total: {best}"));
        }
        ui.add_space(8.0);
        ui.small(
            "Points = vertical − horizontal + bonus + rare. Runs in a row (a bar across) \
                 cost digit × length; runs in a column (a bar down) earn (digit + 1) × \
                 length; a digit seen 15+ times earns its square (a diamond); a 3×3 box \
                 holding 1–9 earns 100.",
        );
    });
    let mut start = false;
    bar.new_game_window(ctx, |ui| {
        ui.label("The computer:");
        ui.radio_value(&mut smart.0, false, "Plain: keeps every grid as dealt");
        ui.radio_value(
            &mut smart.0,
            true,
            "Smart: deals a row again when that is expected to pay",
        );
        ui.small("A new duel deals new grids.");
        start = ChromeBar::start_button(ui);
    });
    if start {
        actions.write(DuelAction::NewGame { smart: smart.0 });
        bar.close_new_game();
    }
    if let Stage::Over(outcome) = *stage.get() {
        let (h, c) = (duel.total(Side::Human), duel.total(Side::Computer));
        let (title, msg, color) = match outcome {
            Outcome::HumanWins => ("You win!", format!("You win by {} points!", h - c), green),
            Outcome::ComputerWins => (
                "The computer wins",
                format!("The computer wins by {} points.", c - h),
                red,
            ),
            Outcome::Tie => ("A tie", format!("A tie at {h} points each!"), gold),
        };
        bar.game_over(ctx, title, ready, |ui| {
            ui.label(
                egui::RichText::new(msg)
                    .size(theme.heading_size * 0.9)
                    .color(color)
                    .strong(),
            );
            if session.history.used() {
                ui.label(crate::kit::history::NOT_RANKED);
            }
            if outcome == Outcome::Tie {
                ui.label("A tie starts a whole new game.");
                if ui.button("Play the replay game").clicked() {
                    actions.write(DuelAction::Replay);
                }
            }
            if let Some(scores) = &scores {
                ui.label(egui::RichText::new("Your best winning totals").strong());
                pal.score_table(
                    ui,
                    "duel-top-ten",
                    scores.table(BEST_KEY),
                    None,
                    theme.text_size * 0.9,
                );
            }
        });
    }
    Ok(())
}

fn scoreboard(ui: &mut egui::Ui, duel: &gems_rules::grid_duel::Duel) {
    ui.label(egui::RichText::new("Scoreboard").strong());
    egui::Grid::new("scoreboard")
        .num_columns(TURNS + 2)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for t in 1..=TURNS {
                ui.label(format!("Turn {t}"));
            }
            ui.label("Total");
            ui.end_row();
            for (who, side) in [("You", Side::Human), ("Computer", Side::Computer)] {
                ui.label(who);
                for t in 0..TURNS {
                    ui.label(
                        duel.turn_points(side, t)
                            .map_or("–".to_string(), |p| p.to_string()),
                    );
                }
                ui.label(egui::RichText::new(duel.total(side).to_string()).strong());
                ui.end_row();
            }
        });
}

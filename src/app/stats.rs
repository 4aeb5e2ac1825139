//! The Statistics page, from the title: for each game, its daily challenge and its free play
//! (games played, won, win rate, best and average score, the current and longest streak), and
//! a calendar of the last four weeks' dailies. Everything comes from the scores file, where
//! the games count their finished games ([`crate::kit::daily`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gems_formats::scores::{ScoreFile, Stats};
use gems_rules::daily::{Date, Game};

use crate::kit::daily::{daily_games, today};
use crate::kit::game::GameRegistry;
use crate::kit::palette::Palette;
use crate::kit::scores::HighScores;
use crate::kit::screens::Screen;

/// The Statistics page is open.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatsOpen(pub bool);

/// The page, over the title.
pub fn plugin(app: &mut App) {
    app.init_resource::<StatsOpen>()
        .add_systems(EguiPrimaryContextPass, page.run_if(in_state(Screen::Title)));
}

/// Days the calendar shows, today last.
const CALENDAR_DAYS: i64 = 28;

fn page(
    mut contexts: EguiContexts,
    mut open: ResMut<StatsOpen>,
    scores: Option<Res<HighScores>>,
    registry: Res<GameRegistry>,
    palette: Res<Palette>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let empty = ScoreFile::default();
    let file = scores.as_ref().map_or(&empty, |s| &s.file);
    let today = today();
    let games = daily_games(&registry);
    // A modal page: the title behind it dims, and Esc or a click beside it closes it.
    // Opaque, over a dimmed title (a theme's windows may be glass).
    let style = ctx.global_style();
    let frame = egui::Frame::popup(&style).fill(style.visuals.window_fill.to_opaque());
    let shown = egui::Modal::new(egui::Id::new("statistics"))
        .frame(frame)
        .backdrop_color(egui::Color32::from_black_alpha(170))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Statistics");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Close").clicked() {
                        ui.close();
                    }
                });
            });
            ui.separator();
            let room = ui.ctx().content_rect().height() * 0.75;
            egui::ScrollArea::vertical()
                .max_height(room)
                .min_scrolled_height(room.min(560.0))
                .show(ui, |ui| {
                    let sections: [(&str, &str, Box<dyn Fn(Game) -> Stats>); 2] = [
                        (
                            "Daily challenge",
                            "Days in a row",
                            Box::new(|g| {
                                today.map_or_else(Stats::default, |t| file.daily_stats(g, t))
                            }),
                        ),
                        (
                            "Free play",
                            "Wins in a row",
                            Box::new(|g| file.free_stats(g)),
                        ),
                    ];
                    for (title, streak, stats_of) in sections {
                        ui.label(egui::RichText::new(title).strong().size(18.0));
                        table(ui, title, streak, &games, stats_of);
                        ui.add_space(10.0);
                    }
                    if let Some(today) = today {
                        ui.label(
                            egui::RichText::new("The last four weeks' dailies")
                                .strong()
                                .size(18.0),
                        );
                        calendar(ui, file, &games, today, &palette);
                    }
                });
        });
    if shown.should_close() {
        open.0 = false;
    }
    Ok(())
}

/// One section's table: a row per game.
fn table(
    ui: &mut egui::Ui,
    id: &str,
    streak: &str,
    games: &[(&str, Game)],
    stats_of: Box<dyn Fn(Game) -> Stats + '_>,
) {
    let dash = || "–".to_string();
    egui::Grid::new(id)
        .striped(true)
        .spacing(egui::vec2(14.0, 4.0))
        .show(ui, |ui| {
            for head in [
                "", "Played", "Won", "Win rate", "Best", "Average", streak, "Longest",
            ] {
                ui.label(egui::RichText::new(head).strong());
            }
            ui.end_row();
            for &(name, game) in games {
                let s = stats_of(game);
                let scored = matches!(game, Game::ModernGems | Game::Dots);
                ui.label(name);
                ui.label(s.played.to_string());
                ui.label(if scored { dash() } else { s.won.to_string() });
                let rate = s.win_rate().filter(|_| !scored);
                ui.label(rate.map_or_else(dash, |r| format!("{r}%")));
                ui.label(s.best.map_or_else(dash, |b| b.to_string()));
                ui.label(s.average().map_or_else(dash, |a| a.to_string()));
                ui.label(s.streak.current.to_string());
                ui.label(s.streak.longest.to_string());
                ui.end_row();
            }
        });
}

/// A row of days per game, today last: a filled square for a daily played (its outcome on
/// hover), an outlined one for a day missed.
fn calendar(
    ui: &mut egui::Ui,
    file: &ScoreFile,
    games: &[(&str, Game)],
    today: Date,
    palette: &Palette,
) {
    let pal = palette.ui;
    let side = 14.0;
    egui::Grid::new("calendar")
        .spacing(egui::vec2(8.0, 4.0))
        .show(ui, |ui| {
            for &(name, game) in games {
                ui.label(name);
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    for back in (0..CALENDAR_DAYS).rev() {
                        let Some(day) = today.plus_days(-back) else {
                            continue;
                        };
                        let played = file.daily(game, day);
                        let (rect, response) =
                            ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
                        let painter = ui.painter();
                        match played {
                            Some(_) => painter.rect_filled(rect, 3.0, pal.accent),
                            None => painter.rect_stroke(
                                rect,
                                3.0,
                                egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
                                egui::StrokeKind::Inside,
                            ),
                        };
                        let tip = match played {
                            Some(e) => format!(
                                "{day} ({}): {}{}",
                                day.weekday().name(),
                                e.outcome.describe(),
                                if e.assisted { ", assisted" } else { "" }
                            ),
                            None => format!("{day} ({}): not played", day.weekday().name()),
                        };
                        response.on_hover_text(tip);
                    }
                });
                ui.end_row();
            }
        });
}

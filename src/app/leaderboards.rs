//! The Leaderboards page, from the title: today's table of each game's daily (the top 100 and
//! the player's own rank) and the all-time tables of the 20 standard SameGame positions, where
//! players meet the Expert's records; read from the leaderboard server
//! ([`crate::kit::leaderboard`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gems_formats::leaderboard::{StandardTables, Table};
use gems_formats::settings::Settings;

use crate::kit::daily::{daily_games, today};
use crate::kit::game::GameRegistry;
use crate::kit::launch::LaunchOptions;
use crate::kit::leaderboard::{Leaderboard, Slot, fetch, server};
use crate::kit::screens::Screen;
use crate::kit::standing::table_rows;

/// The page's state: open or not, the tab, and the table shown or being fetched.
#[derive(Resource, Default)]
pub struct LeaderboardsPage {
    /// The page is open.
    pub open: bool,
    /// The tab: a game of [`daily_games`], or past them the standard positions.
    tab: usize,
    /// What the tab shows.
    shown: Shown,
    /// The request in flight, and whether it is for the standard positions' tables.
    loading: Option<(bool, Slot)>,
}

/// What a tab shows.
#[derive(Default)]
enum Shown {
    /// Nothing yet.
    #[default]
    Nothing,
    /// A day's table.
    Day(Table),
    /// The standard positions' tables.
    Standard(StandardTables),
    /// Why there is no table.
    Problem(String),
}

/// The page, over the title.
pub fn plugin(app: &mut App) {
    app.init_resource::<LeaderboardsPage>()
        .add_systems(EguiPrimaryContextPass, page.run_if(in_state(Screen::Title)));
}

fn page(
    mut contexts: EguiContexts,
    mut page: ResMut<LeaderboardsPage>,
    settings: Option<Res<Settings>>,
    launch: Option<Res<LaunchOptions>>,
    board: Res<Leaderboard>,
    registry: Res<GameRegistry>,
) -> Result {
    if !page.open {
        return Ok(());
    }
    let games = daily_games(&registry);
    let base = settings
        .as_deref()
        .and_then(|s| server(s, launch.as_deref()));
    take_answer(&mut page);
    if page.loading.is_none() && matches!(page.shown, Shown::Nothing) {
        let tab = page.tab;
        page.shown = match &base {
            None => Shown::Problem(
                "No leaderboard server is set: give its address in Settings (Leaderboards), or start the game with --server URL.".into(),
            ),
            Some(base) => {
                let url = match (games.get(tab).map(|&(_, g)| g), today()) {
                    (Some(game), Some(day)) => {
                        let you = board.outbox.player.as_deref().map_or_else(String::new, |p| format!("?player={p}"));
                        format!("{base}/api/daily/{}/{day}{you}", game.slug())
                    }
                    _ => format!("{base}/api/standard"),
                };
                page.loading = Some((tab >= games.len(), fetch(&url)));
                Shown::Nothing
            }
        };
    }
    let ctx = contexts.ctx_mut()?;
    let style = ctx.global_style();
    let frame = egui::Frame::popup(&style).fill(style.visuals.window_fill.to_opaque());
    let sharing = settings.as_ref().is_some_and(|s| s.share_daily);
    let shown = egui::Modal::new(egui::Id::new("leaderboards"))
        .frame(frame)
        .backdrop_color(egui::Color32::from_black_alpha(170))
        .show(ctx, |ui| {
            ui.set_min_width(480.0);
            ui.horizontal(|ui| {
                ui.heading("Leaderboards");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Close").clicked() {
                        ui.close();
                    }
                });
            });
            ui.horizontal_wrapped(|ui| {
                let names = games
                    .iter()
                    .map(|&(name, _)| name)
                    .chain(["Standard positions"]);
                for (i, name) in names.enumerate() {
                    if ui.selectable_label(page.tab == i, name).clicked() && page.tab != i {
                        page.tab = i;
                        page.shown = Shown::Nothing;
                        page.loading = None;
                    }
                }
            });
            ui.separator();
            if !sharing {
                ui.label(
                    "Your own results appear here once Settings' \"Share my daily results\" is on.",
                );
            }
            match &page.shown {
                Shown::Nothing => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Asking the leaderboard server…");
                    });
                }
                Shown::Problem(why) => {
                    ui.label(why);
                }
                Shown::Day(table) => day_table(ui, table, board.outbox.player.as_deref()),
                Shown::Standard(tables) => standard_tables(ui, tables),
            }
        });
    if shown.should_close() {
        page.open = false;
        page.shown = Shown::Nothing;
        page.loading = None;
    }
    Ok(())
}

/// Moves a finished request's answer into the page.
fn take_answer(page: &mut LeaderboardsPage) {
    let Some((standard, slot)) = page.loading.as_ref() else {
        return;
    };
    let Some(reply) = slot.lock().ok().and_then(|mut s| s.take()) else {
        return;
    };
    let standard = *standard;
    page.loading = None;
    page.shown = match reply {
        Err(e) => Shown::Problem(format!(
            "The leaderboard server could not be reached ({e})."
        )),
        Ok(r) if r.status != 200 => Shown::Problem(format!(
            "The leaderboard server answered {}: {}",
            r.status,
            gems_formats::leaderboard::Answer::from_json(&r.body)
                .error
                .unwrap_or_default()
        )),
        Ok(r) if standard => {
            StandardTables::from_json(&r.body).map_or_else(Shown::Problem, Shown::Standard)
        }
        Ok(r) => Table::from_json(&r.body).map_or_else(Shown::Problem, Shown::Day),
    };
}

/// Today's table of a game's daily, the player's own row in bold (`mine`, their public id).
fn day_table(ui: &mut egui::Ui, table: &Table, mine: Option<&str>) {
    let day = today().map_or_else(String::new, |d| d.to_string());
    ui.label(format!("Today's daily ({day}): {} players", table.players));
    if let Some(you) = &table.you {
        let rank = you
            .rank
            .map_or_else(|| "assisted".to_string(), |r| format!("rank {r}"));
        ui.label(egui::RichText::new(format!("You: {}, {rank}", you.describe)).strong());
    }
    if table.top.is_empty() {
        ui.label("Nobody has finished today's daily yet.");
        return;
    }
    let room = ui.ctx().content_rect().height() * 0.6;
    egui::ScrollArea::vertical()
        .max_height(room)
        .min_scrolled_height(room.min(420.0))
        .show(ui, |ui| table_rows(ui, "day-table", &table.top, mine));
}

fn standard_tables(ui: &mut egui::Ui, tables: &StandardTables) {
    ui.label("The 20 standard positions of the SameGame literature (classic rules): each player's best, beside the Expert's record.");
    let room = ui.ctx().content_rect().height() * 0.6;
    egui::ScrollArea::vertical()
        .max_height(room)
        .min_scrolled_height(room.min(420.0))
        .show(ui, |ui| {
            egui::Grid::new("standard-tables")
                .striped(true)
                .spacing(egui::vec2(16.0, 4.0))
                .show(ui, |ui| {
                    for head in ["Position", "The Expert", "Best player", "Players"] {
                        ui.label(egui::RichText::new(head).strong());
                    }
                    ui.end_row();
                    for t in &tables.boards {
                        ui.label(t.board.as_deref().unwrap_or(""));
                        ui.label(
                            t.record
                                .as_ref()
                                .map_or_else(String::new, |r| r.score.to_string()),
                        );
                        ui.label(t.top.first().map_or_else(
                            || "–".to_string(),
                            |r| format!("{} ({})", r.describe, r.name),
                        ));
                        ui.label(t.players.to_string());
                        ui.end_row();
                    }
                });
        });
}

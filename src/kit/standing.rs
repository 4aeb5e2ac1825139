//! Where the player stands in a daily: when a daily's game is over on screen and the player
//! shares results, the day's table is read from the leaderboard server (once the result has
//! been answered), and the game-over window every game shows ([`super::chrome`]) lists the
//! player's rank and the top of the day's table. The Leaderboards page draws its tables with
//! the same widget, [`table_rows`].

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui;
use gems_formats::leaderboard::{Answer, Row, Table};
use gems_formats::settings::Settings;
use gems_rules::daily::{Date, Game};

use super::daily::{DailyRuns, game_of};
use super::leaderboard::{Leaderboard, Slot, fetch, server};
use super::screens::{Screen, ScreenStatus};

/// How many of the day's best the game-over window lists.
const TOP_ROWS: usize = 5;

/// The day's tables the game has read or is reading, by game and day.
#[derive(Resource, Debug, Default)]
pub struct Standings {
    days: HashMap<(Game, Date), DayTable>,
}

/// A day's table: on its way, read, or why not.
#[derive(Debug)]
pub enum DayTable {
    /// The request in flight.
    Loading(Slot),
    /// The table, with the player's own place when they have one.
    Ready(Table),
    /// Why there is no table.
    Problem(String),
}

impl Standings {
    /// The table of `game`'s daily on `day`, if asked for.
    pub fn day(&self, game: Game, day: Date) -> Option<&DayTable> {
        self.days.get(&(game, day))
    }

    /// Forgets `game`'s table on `day`, so that it is read again (a result was just counted).
    pub fn forget(&mut self, game: Game, day: Date) {
        self.days.remove(&(game, day));
    }
}

/// The standings' part of the kit.
pub fn plugin(app: &mut App) {
    app.init_resource::<Standings>()
        .add_systems(Update, (ask_for_table, take_tables).chain());
}

/// Asks for the day's table when a daily's game is over on screen, the player shares results,
/// the server knows them, and their result there has been answered.
fn ask_for_table(
    screen: Res<State<Screen>>,
    status: Res<ScreenStatus>,
    runs: Option<Res<DailyRuns>>,
    settings: Option<Res<Settings>>,
    launch: Option<Res<super::launch::LaunchOptions>>,
    board: Res<Leaderboard>,
    mut standings: ResMut<Standings>,
) {
    let screen = *screen.get();
    let (Some(runs), Some(settings)) = (runs, settings) else {
        return;
    };
    let (Some(mark), Some(game)) = (runs.on(screen), game_of(screen)) else {
        return;
    };
    if !status.over || !settings.share_daily || standings.day(game, mark.date).is_some() {
        return;
    }
    let day = mark.date.to_string();
    let waiting = board
        .outbox
        .queue
        .iter()
        .any(|s| s.game == game.slug() && s.date.as_deref() == Some(day.as_str()));
    let (Some(player), Some(base), false) = (
        board.outbox.player.as_deref(),
        server(&settings, launch.as_deref()),
        waiting || board.busy(),
    ) else {
        return;
    };
    let url = format!("{base}/api/daily/{}/{day}?player={player}", game.slug());
    standings
        .days
        .insert((game, mark.date), DayTable::Loading(fetch(&url)));
}

/// Moves the tables that came back into [`Standings`].
fn take_tables(mut standings: ResMut<Standings>) {
    for table in standings.days.values_mut() {
        let DayTable::Loading(slot) = table else {
            continue;
        };
        let Some(reply) = slot.lock().ok().and_then(|mut s| s.take()) else {
            continue;
        };
        *table = match reply {
            Err(e) => DayTable::Problem(format!("The leaderboard could not be reached ({e}).")),
            Ok(r) if r.status != 200 => DayTable::Problem(format!(
                "The leaderboard answered {}{}.",
                r.status,
                Answer::from_json(&r.body)
                    .error
                    .map_or_else(String::new, |e| format!(": {e}"))
            )),
            Ok(r) => Table::from_json(&r.body).map_or_else(DayTable::Problem, DayTable::Ready),
        };
    }
}

/// The daily's part of the game-over window: the player's rank and the top of the day's
/// table, or where their result is (waiting to be sent, refused), or how to share it.
pub fn game_over_standing(
    ui: &mut egui::Ui,
    standings: &Standings,
    board: &Leaderboard,
    sharing: bool,
    game: Game,
    day: Date,
) {
    ui.add_space(6.0);
    ui.separator();
    let small = |ui: &mut egui::Ui, text: &str| {
        ui.label(egui::RichText::new(text).small());
    };
    if !sharing {
        small(
            ui,
            "Turn on Settings' \"Share my daily results\" to see your rank on the day's leaderboard.",
        );
        return;
    }
    let text = day.to_string();
    let queued = board
        .outbox
        .queue
        .iter()
        .any(|s| s.game == game.slug() && s.date.as_deref() == Some(text.as_str()));
    match standings.day(game, day) {
        _ if queued => {
            ui.horizontal(|ui| {
                ui.spinner();
                small(
                    ui,
                    "Sending your result to the leaderboard (it waits while the server is away).",
                );
            });
        }
        None | Some(DayTable::Loading(_)) => {
            ui.horizontal(|ui| {
                ui.spinner();
                small(ui, "Reading the day's leaderboard…");
            });
        }
        Some(DayTable::Problem(why)) => small(ui, why),
        Some(DayTable::Ready(table)) => {
            let you = table.you.as_ref();
            let line = match you.and_then(|y| y.rank) {
                Some(rank) => format!("Leaderboard: rank {rank} of {}", table.players),
                None if you.is_some() => "Leaderboard: your result is in the assisted table".into(),
                None => format!("Leaderboard: {} players", table.players),
            };
            ui.label(egui::RichText::new(line).strong());
            let mine = board.outbox.player.as_deref();
            let mut rows = table.top[..table.top.len().min(TOP_ROWS)].to_vec();
            // The player's own row, below the top when it is not among them.
            if let (Some(you), Some(rank), Some(id)) = (you, you.and_then(|y| y.rank), mine)
                && !rows.iter().any(|r| r.player == id)
            {
                rows.push(Row {
                    rank,
                    name: "You".to_string(),
                    player: id.to_string(),
                    describe: you.describe.clone(),
                });
            }
            table_rows(ui, "standing", &rows, mine);
        }
    }
}

/// A table's rows (rank, name, result) in a striped grid, the row of `mine` (a public id)
/// in bold.
pub fn table_rows(ui: &mut egui::Ui, id: &str, rows: &[Row], mine: Option<&str>) {
    egui::Grid::new(id)
        .striped(true)
        .spacing(egui::vec2(16.0, 4.0))
        .show(ui, |ui| {
            for head in ["Rank", "Name", "Result"] {
                ui.label(egui::RichText::new(head).strong());
            }
            ui.end_row();
            for row in rows {
                let text = |s: String| {
                    let t = egui::RichText::new(s);
                    if Some(row.player.as_str()) == mine {
                        t.strong()
                    } else {
                        t
                    }
                };
                ui.label(text(row.rank.to_string()));
                ui.label(text(row.name.clone()));
                ui.label(text(row.describe.clone()));
                ui.end_row();
            }
        });
}

//! The daily challenge on a game's board: each game's deal of the day (the setup and seed of
//! [`gems_rules::daily`], the same for everyone), opened from its title card's Daily button or
//! `--daily [DATE]` (`?daily` on the web), dealt through the game's resume words and laid out
//! by its own view.
//!
//! When the daily is played to its end, its outcome goes into the scores file, the first
//! completed attempt of the day only, and a notice says the streak. A daily in progress resumes
//! like any game (its resume file keeps the day). A game of free play that ends is counted in
//! the game's statistics instead.

use bevy::ecs::system::SystemId;
use bevy::prelude::*;
use gems_formats::scores::{DailyEntry, streaks};
use gems_rules::daily::{Daily, Outcome};

use super::daily::{DailyRuns, game_of, today};
use super::resume::Resumable;
use super::scores::HighScores;
use super::screens::Screen;
use super::settings::Notices;

/// A session that can be dealt as a daily and says how a daily ended.
pub trait DailyGame: Resumable {
    /// How the game ended, once it is over (`None` while it is not).
    fn daily_outcome(&self) -> Option<Outcome>;
    /// Whether the computer played part of it (autoplay, a watched line): its outcome then
    /// goes to the assisted table. Hints and undo are refused in a daily.
    fn daily_assisted(&self) -> bool {
        false
    }
}

/// The daily's state, and `--daily` at start.
pub fn plugin(app: &mut App) {
    app.init_resource::<DailyRuns>()
        .add_systems(Startup, ask_at_launch);
}

/// `--daily [DATE]` (`?daily`): the first screen's game opens on that day's daily.
fn ask_at_launch(opts: Option<Res<super::launch::LaunchOptions>>, mut runs: ResMut<DailyRuns>) {
    if let Some(date) = opts.as_ref().and_then(|o| o.daily) {
        runs.ask(opts.map_or(Screen::Title, |o| o.first_screen()), date);
    }
}

/// Registers a game's daily.
pub trait AddDaily {
    /// Deals the daily into `screen`'s session `S` when asked, laid out by `redraw` (the
    /// game's own system that lays the board out on entering the screen), and records it.
    fn daily_challenge<S: DailyGame, M>(
        &mut self,
        screen: Screen,
        redraw: impl IntoSystem<(), (), M> + 'static,
    ) -> &mut Self;
}

impl AddDaily for App {
    fn daily_challenge<S: DailyGame, M>(
        &mut self,
        screen: Screen,
        redraw: impl IntoSystem<(), (), M> + 'static,
    ) -> &mut Self {
        let redraw = self.world_mut().register_system(redraw);
        self.add_systems(
            Update,
            (move |world: &mut World| deal::<S>(world, screen, redraw))
                .after(super::chrome::apply_commands),
        )
        .add_systems(
            Last,
            (move |session: Option<Res<S>>,
                   example: Option<Res<super::help::ExampleShown>>,
                   mut was_over: Local<bool>,
                   runs: ResMut<DailyRuns>,
                   scores: Option<ResMut<HighScores>>,
                   notices: Option<ResMut<Notices>>,
                   finished: MessageWriter<super::leaderboard::DailyFinished>| {
                let at = Follow {
                    screen,
                    session,
                    example: example.is_some_and(|e| e.on(screen)),
                    was_over: &mut was_over,
                };
                follow::<S>(at, runs, scores, notices, finished)
            })
            .run_if(in_state(screen)),
        )
    }
}

/// Deals the daily asked for on `screen` once the screen shows.
fn deal<S: DailyGame>(world: &mut World, screen: Screen, redraw: SystemId) {
    let asked = world.get_resource::<DailyRuns>().and_then(|r| r.asked);
    let on_screen = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == screen);
    let Some((_, date)) = asked.filter(|(s, _)| *s == screen && on_screen) else {
        return;
    };
    let Some(game) = game_of(screen) else {
        return;
    };
    let daily = Daily::of(game, date);
    world.resource_mut::<DailyRuns>().asked = None;
    match S::replay(&daily.setup_words(), &[]) {
        Ok(session) => {
            world.resource_mut::<DailyRuns>().mark(screen, date);
            world.insert_resource(session);
            if let Err(e) = world.run_system(redraw) {
                tracing::warn!("the daily's board could not be laid out: {e}");
            }
        }
        Err(why) => {
            if let Some(mut notices) = world.get_resource_mut::<Notices>() {
                notices.warn(format!("The daily of {date} could not be dealt: {why}"));
            }
        }
    }
}

/// The daily (if any) of one screen's game and what the game's end was last seen as.
struct Follow<'a, S: Resource> {
    screen: Screen,
    session: Option<Res<'a, S>>,
    /// How to play's example is on the board (not the game in play).
    example: bool,
    /// The game was over when last looked at (so that its end counts once).
    was_over: &'a mut bool,
}

/// Follows the game on `screen`: learns a daily's deal and ends the daily when another deal
/// starts; when a game ends, enters a daily's outcome (the first attempt only) or counts a
/// free game in the game's statistics.
fn follow<S: DailyGame>(
    at: Follow<S>,
    mut runs: ResMut<DailyRuns>,
    scores: Option<ResMut<HighScores>>,
    notices: Option<ResMut<Notices>>,
    mut finished: MessageWriter<super::leaderboard::DailyFinished>,
) {
    let (Some(session), Some(game)) = (at.session, game_of(at.screen)) else {
        return;
    };
    if !session.is_changed() || at.example {
        return;
    }
    let mark = runs.marks.iter().position(|m| m.screen == at.screen);
    if let Some(i) = mark {
        // Another setup on this screen is another deal.
        let deal = session.setup_words();
        match &runs.marks[i].deal {
            None => runs.marks[i].deal = Some(deal),
            Some(ours) if *ours != deal => {
                // Another deal on this screen: the daily is over.
                runs.marks.remove(i);
            }
            Some(_) => {}
        }
    }
    let outcome = session.daily_outcome();
    let ended = outcome.is_some() && !*at.was_over;
    *at.was_over = outcome.is_some();
    let (Some(outcome), true, Some(mut scores)) = (outcome, ended, scores) else {
        return;
    };
    let Some(i) = runs.marks.iter().position(|m| m.screen == at.screen) else {
        scores.update(move |f| f.count_free_game(game, outcome));
        return;
    };
    if std::mem::replace(&mut runs.marks[i].recorded, true) {
        // The daily played again: only its first attempt counts, and it is no free game.
        return;
    }
    let date = runs.marks[i].date;
    let entry = DailyEntry {
        outcome,
        assisted: session.daily_assisted(),
    };
    let entered = scores.update(move |f| f.enter_daily(game, date, entry));
    if entered {
        // To the leaderboard, when the player shares their dailies.
        finished.write(super::leaderboard::DailyFinished {
            game,
            date,
            setup: session.setup_words(),
            moves: session.moves().to_vec(),
            assisted: entry.assisted,
        });
    }
    let counted = scores.file.daily(game, date).unwrap_or(entry);
    let days = scores.file.dailies_of(game).map(|(d, _)| d);
    let run = today().map_or(1, |t| streaks(days, t).current);
    let text = if entered {
        format!(
            "Daily of {date}: {}{}. Streak: {run} day{}.",
            outcome.describe(),
            if entry.assisted { " (assisted)" } else { "" },
            if run == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "Daily of {date}: {} (your first attempt, {}, is the one that counts).",
            outcome.describe(),
            counted.outcome.describe()
        )
    };
    tracing::info!("{text}");
    if let Some(mut notices) = notices {
        notices.tell(text);
    }
}

//! Resume: every game saves itself after each settled move, and the next run (or the next
//! page load) opens it where the player left off.
//!
//! A game saves its setup (size, seed, board…) and its journal: every move, undo and redo
//! in order, each a short line in the game's own words. Every random draw of a game is a
//! function of its seed and its moves, so playing the journal again through the rules gives
//! the identical state, score, undo history and unranked mark. The file is a few hundred
//! bytes of RON in the data directory (`resume-<game>.ron`; the browser's storage on the
//! web), written atomically by [`super::store`] after each settled move, and removed once the
//! game is over.
//!
//! A file that no longer plays (written by another version of the rules, or edited) is kept
//! aside as `resume-<game>.ron.old` with a notice, never lost, and the game starts afresh.

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
pub use gems_formats::resume::{RESUME_VERSION, ResumeFile, from_text, to_text};

use super::paths::DataDir;
use super::screens::{Screen, ScreenStatus};
use super::settings::Notices;

/// The rules' version a journal was played under: a journal from other rules is not replayed.
pub const RULES_VERSION: &str = gems_rules::VERSION;

/// A game's session that can be saved as a setup and a journal, and played again from them.
pub trait Resumable: Resource + Sized {
    /// The deal's setup in the game's own words (its size, seed, board…), which
    /// [`Resumable::replay`] starts from: the same from the deal's first move to its end.
    fn setup_words(&self) -> String;

    /// Every move, undo and redo since the setup, in the game's journal words
    /// ([`gems_rules::journal`]), the game over or not.
    fn moves(&self) -> &[String];

    /// The setup and the journal of the game in progress; `None` when there is nothing to
    /// resume (no move made yet, or the game is over).
    fn journal(&self) -> Option<(String, Vec<String>)>;

    /// The game played again from `setup` through `journal`, or why it cannot be.
    fn replay(setup: &str, journal: &[String]) -> Result<Self, String>;
}

/// The `N` whole numbers of a setup written as numbers separated by spaces (`names` says
/// what they are, for the error).
pub fn setup_numbers<const N: usize>(setup: &str, names: &str) -> Result<[u64; N], String> {
    let numbers: Vec<u64> = setup
        .split_whitespace()
        .map(|n| n.parse().map_err(|_| format!("'{n}' is not a number")))
        .collect::<Result<_, _>>()?;
    numbers
        .try_into()
        .map_err(|_| format!("the setup '{setup}' is not {names}"))
}

/// The resume file of the game on `screen`.
pub fn resume_path(dir: &DataDir, screen: Screen) -> Option<std::path::PathBuf> {
    dir.file(&format!("resume-{}.ron", screen.slug()))
}

/// Whether a game in progress is saved for `screen` (the title card then says Continue).
pub fn saved(dir: &DataDir, screen: Screen) -> bool {
    resume_path(dir, screen)
        .and_then(|p| super::store::read_text(&p).ok().flatten())
        .is_some()
}

/// Registers a game's session for resume.
pub trait AddResume {
    /// Saves `S` on `screen` after each settled move, and at start plays the saved game
    /// again (unless the launch asked for a game of its own there: a link's deal or board).
    fn resumable<S: Resumable>(&mut self, screen: Screen) -> &mut Self;
}

/// The startup schedule that plays the saved games again: the first of all, before the
/// first screen is entered (its `OnEnter` systems then lay out the resumed game).
#[derive(bevy::ecs::schedule::ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResumeStartup;

/// The screens whose game was resumed at start (a game's own start-up leaves them as they are).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Resumed(pub Vec<Screen>);

/// The screens with a game in progress saved (their title cards say Continue).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Saved(pub Vec<Screen>);

impl Saved {
    fn set(&mut self, screen: Screen, saved: bool) {
        self.0.retain(|s| *s != screen);
        if saved {
            self.0.push(screen);
        }
    }
}

impl AddResume for App {
    fn resumable<S: Resumable>(&mut self, screen: Screen) -> &mut Self {
        if !self.world().contains_resource::<Resumed>() {
            self.init_resource::<Resumed>().init_resource::<Saved>();
            self.world_mut()
                .resource_mut::<bevy::app::MainScheduleOrder>()
                .startup_labels
                .insert(0, ResumeStartup.intern());
        }
        self.add_systems(ResumeStartup, move |world: &mut World| {
            if !launch_deals(world, screen) && resume_at_start::<S>(world, screen) {
                world.resource_mut::<Resumed>().0.push(screen);
                world.resource_mut::<Saved>().set(screen, true);
            }
        })
        .add_systems(Last, save_settled::<S>(screen))
    }
}

/// Whether the game on `screen` was resumed at start.
pub fn resumed(world_resumed: Option<&Resumed>, screen: Screen) -> bool {
    world_resumed.is_some_and(|r| r.0.contains(&screen))
}

/// Whether the launch (flags, or the page's link) deals a game of its own on `screen`: a
/// seed, a setup or a board for it.
fn launch_deals(world: &World, screen: Screen) -> bool {
    world
        .get_resource::<super::launch::LaunchOptions>()
        .is_some_and(|o| {
            o.first_screen() == screen
                && (o.seed.is_some() || o.setup.any() || o.board.is_some() || o.replay.is_some())
        })
}

/// Plays the saved game of `screen` again into its session (true), or keeps a file that does
/// not play aside with a notice.
fn resume_at_start<S: Resumable>(world: &mut World, screen: Screen) -> bool {
    let Some(path) = world
        .get_resource::<DataDir>()
        .and_then(|d| resume_path(d, screen))
    else {
        return false;
    };
    let text = match super::store::read_text(&path) {
        Ok(Some(text)) => text,
        Ok(None) => return false,
        Err(e) => {
            notice(world, format!("Could not read the game in progress: {e}"));
            return false;
        }
    };
    let file = from_text(&text, screen.slug(), RULES_VERSION);
    match file.and_then(|f| Ok((S::replay(&f.setup, &f.journal)?, f.daily))) {
        Ok((session, daily)) => {
            world.insert_resource(session);
            // A daily in progress stays the daily.
            let day = daily.and_then(|d| gems_rules::daily::Date::parse(&d).ok());
            if let (Some(date), Some(mut runs)) =
                (day, world.get_resource_mut::<super::daily::DailyRuns>())
            {
                runs.mark(screen, date);
            }
            true
        }
        Err(why) => {
            let aside = path.with_extension("ron.old");
            let kept = super::store::write_text(&aside, &text)
                .and_then(|()| super::store::remove(&path))
                .map_or_else(
                    |e| format!(" (it stays where it was: {e})"),
                    |()| format!(" It is kept as {}.", aside.display()),
                );
            notice(
                world,
                format!("The game in progress could not be resumed: {why}.{kept}"),
            );
            false
        }
    }
}

fn notice(world: &mut World, text: String) {
    tracing::warn!("{text}");
    if let Some(mut notices) = world.get_resource_mut::<Notices>() {
        notices.warn(text);
    }
}

/// A system writing the resume file of `screen` whenever its session has changed and the game
/// has settled (and removing it once there is nothing to resume).
fn save_settled<S: Resumable>(
    screen: Screen,
) -> impl FnMut(
    Option<Res<S>>,
    Res<ScreenStatus>,
    Option<Res<State<Screen>>>,
    Option<Res<DataDir>>,
    Option<ResMut<Saved>>,
    Local<(Option<String>, bool)>,
    (
        Option<Res<super::help::ExampleShown>>,
        Option<Res<super::daily::DailyRuns>>,
    ),
) {
    move |session, status, on, dir, saved, mut local, (example, daily)| {
        let Some(session) = session else { return };
        // How to play's example is not the game in play: nothing is saved while it shows.
        if example.is_some_and(|e| e.on(screen)) {
            return;
        }
        let (written, changed) = &mut *local;
        // Only a session changed since the last write is looked at (no work on other frames).
        *changed |= session.is_changed();
        if !*changed || !on.is_some_and(|s| *s.get() == screen) || !status.settled {
            return;
        }
        *changed = false;
        let Some(path) = dir.and_then(|d| resume_path(&d, screen)) else {
            return;
        };
        let text = session.journal().map(|(setup, journal)| {
            to_text(&ResumeFile {
                version: RESUME_VERSION,
                rules: RULES_VERSION.to_string(),
                game: screen.slug().to_string(),
                setup,
                journal,
                daily: daily
                    .as_ref()
                    .and_then(|d| d.on(screen))
                    .map(|m| m.date.to_string()),
            })
        });
        if *written == text {
            return;
        }
        let done = match &text {
            Some(text) => super::store::write_text(&path, text),
            None if written.is_some()
                || super::store::read_text(&path).ok().flatten().is_some() =>
            {
                super::store::remove(&path)
            }
            None => Ok(()),
        };
        match done {
            Ok(()) => {
                if let Some(mut saved) = saved {
                    saved.set(screen, text.is_some());
                }
                *written = text;
            }
            Err(e) => {
                // Tried again on the next settled frame.
                *changed = true;
                tracing::warn!("the game in progress was not saved: {e}");
            }
        }
    }
}

//! The daily challenge's state: which game on which screen is a day's daily
//! ([`DailyRuns`]), and today's date. What a game does with it is in
//! [`super::daily_game`]; the chrome reads it to turn hints and undo off.
//!
//! A daily is a mark on its game's screen: the day, and its deal. While the game on that
//! screen is still that deal (a restart keeps it), Hint, Undo and Redo are off; a new deal
//! ends the mark.

use bevy::prelude::*;
use gems_rules::daily::{Date, Game};

use super::screens::Screen;

/// A daily on its game's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyMark {
    /// The game's screen.
    pub screen: Screen,
    /// The day.
    pub date: Date,
    /// Its deal's setup ([`super::resume::Resumable::setup_words`]), once known: another
    /// setup means another game.
    pub deal: Option<String>,
    /// Its outcome was entered (or was already there).
    pub recorded: bool,
}

/// The dailies on their boards, and the one asked for (opened once its screen shows).
#[derive(Resource, Clone, Debug, Default)]
pub struct DailyRuns {
    pub(super) marks: Vec<DailyMark>,
    pub(super) asked: Option<(Screen, Date)>,
}

impl DailyRuns {
    /// The daily on `screen`, if its game is one.
    pub fn on(&self, screen: Screen) -> Option<&DailyMark> {
        self.marks.iter().find(|m| m.screen == screen)
    }

    /// Whether hints, undo and redo are off on `screen` (its game is a daily).
    pub fn assists_off(&self, screen: Screen) -> bool {
        self.on(screen).is_some()
    }

    /// Asks for the daily of `date` on `screen` (dealt once the screen shows).
    pub fn ask(&mut self, screen: Screen, date: Date) {
        self.asked = Some((screen, date));
    }

    /// Marks the game on `screen` as the daily of `date` (a resumed daily).
    pub fn mark(&mut self, screen: Screen, date: Date) {
        self.marks.retain(|m| m.screen != screen);
        self.marks.push(DailyMark {
            screen,
            date,
            deal: None,
            recorded: false,
        });
    }
}

/// The game of the daily tables on `screen`, if it has a daily.
pub fn game_of(screen: Screen) -> Option<Game> {
    Game::from_slug(screen.slug())
}

/// The registered games that have a daily, by name, in the title's order.
pub fn daily_games(registry: &super::game::GameRegistry) -> Vec<(&'static str, Game)> {
    registry
        .0
        .iter()
        .filter_map(|g| Some((g.name, game_of(g.screen)?)))
        .collect()
}

/// Today's date in the player's time zone, if the clock gives one dailies can have.
pub fn today() -> Option<Date> {
    super::clock::today_date()
}

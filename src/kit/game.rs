//! The contract of a game: what a game tells the kit about itself ([`GameInfo`]), and how it
//! registers ([`AddGame::add_game`]). The title builds its cards and number keys from the
//! [`GameRegistry`]; the chrome asks it what the game on screen offers.
//!
//! Adding a game is one folder under `src/games/` whose `info.rs` fills in a [`GameInfo`], one
//! line in `src/games/mod.rs`'s `REGISTRY`, and its How to play page,
//! `assets/help/GAME.help.txt` (see [`super::help`]).

use bevy::prelude::*;
use bevy_egui::egui;

use super::launch::{GameSetup, SetupRules};

pub use super::launch::{Setting, no_setup_checks};
use super::screens::Screen;

/// What a game can offer through the kit's chrome and keys. A game lists the ones it offers
/// in its [`GameInfo::capabilities`]; the contract test checks each against the table of what
/// every game must offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Capability {
    /// Take back a move, and play it again.
    Undo,
    /// Show a good move on the board.
    Hint,
    /// Play the same deal or board again from its start.
    Restart,
    /// A New game dialog with the game's options.
    NewGame,
    /// A link that opens this very game.
    Share,
    /// A whole game can be played from the keyboard alone.
    Keyboard,
    /// A computer opponent or automatic player.
    Computer,
    /// A game-over window with the record or the top ten.
    GameOver,
    /// The game keeps records (high scores, wins and streaks).
    Records,
}

/// What a game tells the kit about itself: one value in the game's `info.rs`.
pub struct GameInfo {
    /// The screen that plays it.
    pub screen: Screen,
    /// Its name, as the title card and the top bar show it.
    pub name: &'static str,
    /// One line about it, under its name on the title card.
    pub blurb: &'static str,
    /// Other names `--game` and links accept for it besides its screen's slug.
    pub aliases: &'static [&'static str],
    /// The whole game: model, systems, drawing, input and menus.
    pub plugin: fn(&mut App),
    /// The game without a window (the model, actions, AI and records), for headless tests.
    pub logic_plugin: fn(&mut App),
    /// The board's drawing alone (world entities in the theme's colours: no input, menus or
    /// sound), which runs headless over the logic, for tests of what is drawn.
    pub draw_plugin: fn(&mut App),
    /// Paints the title card's picture of the game into a rectangle, in the theme's colours.
    pub picture: fn(&egui::Painter, egui::Rect, &crate::kit::palette::Palette),
    /// The game's keys alone (they need no window), which run headless over the logic once
    /// the test gives it a keyboard (`ButtonInput<KeyCode>`), for tests of keyboard play;
    /// [`no_keys`] for a game without keys.
    pub keys_plugin: fn(&mut App),
    /// What it offers through the kit's chrome and keys.
    pub capabilities: &'static [Capability],
    /// A short line about the player's records in it (its best score, its wins), from the
    /// high scores, for its title card; `None` before any is kept.
    pub records: fn(&super::scores::HighScores) -> Option<String>,
    /// The settings its setup takes, with their limits: one table for its New game window,
    /// its flags (`--size 8`) and its links (`?size=8`).
    pub settings: &'static [Setting],
    /// What its setup's flags and the board asked for by name (`--board`) must also satisfy
    /// beyond each flag's limits (a run no longer than the board, squares that fit it, a
    /// board no larger than its New game window allows): each problem with the flag to drop.
    pub check_setup: fn(&GameSetup, Option<&str>) -> Vec<(&'static str, String)>,
}

impl GameInfo {
    /// Whether the game offers `capability`.
    pub fn offers(&self, capability: Capability) -> bool {
        self.capabilities.contains(&capability)
    }
}

impl SetupRules for GameInfo {
    fn screen(&self) -> Screen {
        self.screen
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn settings(&self) -> &'static [Setting] {
        self.settings
    }

    fn check_setup(&self, setup: &GameSetup, board: Option<&str>) -> Vec<(&'static str, String)> {
        (self.check_setup)(setup, board)
    }
}

/// The keys of a game that has none.
pub fn no_keys(_: &mut App) {}

/// The games registered, in title order.
#[derive(Resource, Default)]
pub struct GameRegistry(pub Vec<&'static GameInfo>);

impl GameRegistry {
    /// The game on `screen`, if one is registered there.
    pub fn get(&self, screen: Screen) -> Option<&'static GameInfo> {
        self.0.iter().copied().find(|g| g.screen == screen)
    }
}

/// Registers a game with the kit.
pub trait AddGame {
    /// Adds the game's plugin and enters it in the [`GameRegistry`] (title order is the order
    /// of the calls).
    fn add_game(&mut self, info: &'static GameInfo) -> &mut Self;
}

impl AddGame for App {
    fn add_game(&mut self, info: &'static GameInfo) -> &mut Self {
        self.init_resource::<GameRegistry>();
        self.world_mut().resource_mut::<GameRegistry>().0.push(info);
        // Called directly: every game's plugin is a `fn(&mut App)`, and Bevy would take a
        // second function pointer for the same plugin added twice.
        (info.plugin)(self);
        self
    }
}

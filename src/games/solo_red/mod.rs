//! Solo Red in Bevy: mirrors and animates the rules in `gems_rules::solo_red`. The rules' game
//! lives in [`SoloRedSession`](model::SoloRedSession), each card on the table is an entity that
//! glides to the place the rules give it, and [`SoloPhase`](model::SoloPhase) says whether the
//! deal goes on.
//!
//! [`logic_plugin`] runs headless (tests); [`view_plugin`] adds the card meshes,
//! mouse input and the HUD; [`record::SoloRedRecordPlugin`] keeps the player's record of deals
//! won and winning streaks.

pub mod ai;
pub mod hud;
pub mod info;
pub mod input;
pub mod logic;
pub mod model;
pub mod record;
pub mod sound;
pub mod view;

use bevy::prelude::*;

use crate::kit::chrome::{ChromeCommand, answer_chrome};
use crate::kit::daily_game::AddDaily;
use crate::kit::example::AddExample;
use crate::kit::resume::AddResume;
use crate::kit::schedule::{GameSchedule, GameSet, GameSystems};
use crate::kit::screens::Screen;
use crate::kit::share::DescribeGame;

use model::{SoloPhase, SoloRedAction};

/// The screen that plays this game.
pub const SCREEN: Screen = Screen::game("solo-red");

/// This game's systems at `step` of the frame (every game's steps run in [`GameSystems`]' order,
/// on its own screen only).
pub const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// Everything Solo Red needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, record::SoloRedRecordPlugin, view_plugin));
}

/// Everything Solo Red needs without a window.
pub fn logic_plugin(app: &mut App) {
    app.add_message::<SoloRedAction>()
        .add_sub_state::<SoloPhase>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            answer_chrome(|s: &model::SoloRedSession, command| match command {
                ChromeCommand::Hint => Some(SoloRedAction::Hint),
                ChromeCommand::Restart => Some(SoloRedAction::NewGame(s.seed)),
                ChromeCommand::Undo => Some(SoloRedAction::Undo),
                ChromeCommand::Redo => Some(SoloRedAction::Redo),
                _ => None,
            })
            .in_set(set(GameSystems::Input)),
        )
        .describe_game::<model::SoloRedSession>(SCREEN)
        .resumable::<model::SoloRedSession>(SCREEN)
        .help_example::<model::SoloRedSession, _>(SCREEN, logic::enter)
        .daily_challenge::<model::SoloRedSession, _>(SCREEN, logic::enter)
        .add_plugins((logic::plugin, ai::plugin));
}

/// The card meshes, mouse input and the HUD of Solo Red.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((draw_plugin, input::plugin, hud::plugin, sound::plugin));
}

/// The board's drawing alone (runs headless over [`logic_plugin`]).
pub fn draw_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

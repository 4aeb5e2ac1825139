//! Grid Duel in Bevy: mirrors and animates the rules in `gems_rules::grid_duel`. The duel lives
//! in [`DuelSession`](model::DuelSession); the grid on show is 81 cell entities; the
//! [`Stage`](model::Stage) sub-state reveals grids, holds them while their points are read and
//! waits for the human's choice.
//!
//! [`logic_plugin`] runs headless (tests); [`plugin`] adds the drawing, pointer
//! and keyboard input, the egui panel and the sounds.

pub mod ai;
pub mod hud;
pub mod info;
pub mod input;
pub mod logic;
pub mod model;
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

use model::{DuelAction, OnShow, Stage};

/// The screen that plays this game.
pub const SCREEN: Screen = Screen::game("grid-duel");

/// This game's systems at `step` of the frame (every game's steps run in [`GameSystems`]' order,
/// on its own screen only).
pub const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// Everything Grid Duel needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        logic_plugin,
        draw_plugin,
        input::plugin,
        hud::plugin,
        sound::plugin,
    ));
}

/// The board's drawing alone (runs headless over [`logic_plugin`]).
pub fn draw_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// Grid Duel's model and stage machine, without any drawing (runs headless).
pub fn logic_plugin(app: &mut App) {
    app.add_message::<DuelAction>()
        .init_resource::<OnShow>()
        .add_sub_state::<Stage>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            answer_chrome(|_: &model::DuelSession, command| match command {
                ChromeCommand::Undo => Some(DuelAction::Undo),
                ChromeCommand::Redo => Some(DuelAction::Redo),
                ChromeCommand::Hint => Some(DuelAction::Hint),
                ChromeCommand::Restart => Some(DuelAction::Restart),
                _ => None,
            })
            .in_set(set(GameSystems::Input)),
        )
        .describe_game::<model::DuelSession>(SCREEN)
        .resumable::<model::DuelSession>(SCREEN)
        .help_example::<model::DuelSession, _>(SCREEN, logic::show_session)
        .daily_challenge::<model::DuelSession, _>(SCREEN, logic::show_session)
        .add_plugins((logic::plugin, ai::plugin));
}

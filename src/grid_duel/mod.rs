//! Grid Duel in Bevy: mirrors and animates the rules in `gems_rules::grid_duel`. The duel lives
//! in [`DuelSession`](model::DuelSession); the grid on show is 81 cell entities; the
//! [`Stage`](model::Stage) sub-state reveals grids, holds them while their points are read and
//! waits for the human's choice.
//!
//! [`logic_plugin`] runs headless (tests); [`plugin`] adds the drawing, pointer
//! and keyboard input, the egui panel and the sounds.

pub mod hud;
pub mod input;
pub mod logic;
pub mod model;
pub mod sound;
pub mod view;

use bevy::prelude::*;

use crate::kit::schedule::GameSchedule;
use crate::kit::share::DescribeGame;
use crate::screens::Screen;

use model::{DuelAction, OnShow, Stage};

/// The order of the Grid Duel systems within a frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DuelSystems {
    /// The mouse and keyboard become actions.
    Input,
    /// Actions and the stage machine change the duel and the cells.
    Logic,
    /// The cells and labels are drawn.
    Draw,
}

/// Everything Grid Duel needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        logic_plugin,
        view::plugin,
        input::plugin,
        hud::plugin,
        sound::plugin,
    ));
}

/// Grid Duel's model and stage machine, without any drawing (runs headless).
pub fn logic_plugin(app: &mut App) {
    app.add_message::<DuelAction>()
        .init_resource::<OnShow>()
        .add_sub_state::<Stage>()
        .game_sets(
            Screen::GridDuel,
            (DuelSystems::Input, DuelSystems::Logic, DuelSystems::Draw),
        )
        .describe_game::<model::DuelSession>(Screen::GridDuel)
        .add_plugins(logic::plugin);
}

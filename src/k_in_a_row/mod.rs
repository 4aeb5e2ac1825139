//! K in a row in Bevy: mirrors and animates the rules in `gems_rules::k_in_a_row`. The rules'
//! game lives in [`KSession`](model::KSession); [`KPhase`](model::KPhase) follows whose turn it
//! is; the computer's search is a kit AI job.
//!
//! [`logic_plugin`] runs headless (tests); [`view_plugin`] adds drawing, input and
//! the menu.

pub mod ai;
pub mod hud;
pub mod input;
pub mod logic;
pub mod model;
pub mod view;

use bevy::prelude::*;

use crate::kit::schedule::{AppResources, GameSchedule};
use crate::screens::Screen;

use model::{KAction, KFileStatus, KPhase, KSession};

/// The order of the K in a row systems within a frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KSystems {
    /// The mouse becomes actions.
    Input,
    /// Actions change the rules' game.
    Actions,
    /// The computer searches and moves.
    Ai,
    /// The phase follows the rules; the status is reported.
    Report,
    /// The board is drawn.
    View,
}

/// Everything K in a row needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, view_plugin));
}

/// The model, actions and AI, without drawing (runs headless).
pub fn logic_plugin(app: &mut App) {
    app.init_resources::<(KSession, KFileStatus, crate::settings::Notices)>()
        .add_sub_state::<KPhase>()
        .add_message::<KAction>()
        .game_sets(
            Screen::KInARow,
            (
                KSystems::Input,
                KSystems::Actions,
                KSystems::Ai,
                KSystems::Report,
                KSystems::View,
            ),
        )
        .add_plugins((logic::plugin, ai::plugin));
}

/// Drawing, input and the menu.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, input::plugin, hud::plugin));
}

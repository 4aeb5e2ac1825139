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
pub mod input;
pub mod logic;
pub mod model;
pub mod record;
pub mod view;

use bevy::prelude::*;

use crate::kit::schedule::GameSchedule;
use crate::kit::share::DescribeGame;
use crate::screens::Screen;

use model::{SoloPhase, SoloRedAction};

/// The order of the Solo Red systems within a frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloRedSystems {
    /// The mouse becomes actions.
    Input,
    /// Actions change the rules' game.
    Actions,
    /// The AI's answers are played or shown; autoplay starts searches.
    Ai,
    /// Cards glide to their places; the phase and status follow.
    Animate,
    /// Cards and captions are drawn; the record is kept.
    View,
}

/// Everything Solo Red needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, record::SoloRedRecordPlugin, view_plugin));
}

/// Everything Solo Red needs without a window.
pub fn logic_plugin(app: &mut App) {
    app.add_message::<SoloRedAction>()
        .add_sub_state::<SoloPhase>()
        .game_sets(
            Screen::SoloRed,
            (
                SoloRedSystems::Input,
                SoloRedSystems::Actions,
                SoloRedSystems::Ai,
                SoloRedSystems::Animate,
                SoloRedSystems::View,
            ),
        )
        .describe_game::<model::SoloRedSession>(Screen::SoloRed)
        .add_plugins((logic::plugin, ai::plugin));
}

/// The card meshes, mouse input and the HUD of Solo Red.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, input::plugin, hud::plugin));
}

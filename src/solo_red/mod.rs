//! Solo Red in Bevy: mirrors and animates the rules in `gems_rules::solo_red`.
//!
//! [`logic::SoloRedLogicPlugin`] runs headless (the session, actions, card entities gliding to
//! their places, the AI on `AsyncComputeTaskPool`); [`view::SoloRedViewPlugin`] adds the card
//! meshes, mouse input and the egui HUD; [`record::SoloRedRecordPlugin`] keeps the player's
//! record of deals won and winning streaks.

pub mod logic;
pub mod record;
pub mod view;

use bevy::prelude::*;

/// Everything Solo Red needs: its screen's model, systems, drawing, input and menus.
pub struct SoloRedPlugin;

impl Plugin for SoloRedPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            logic::SoloRedLogicPlugin,
            record::SoloRedRecordPlugin,
            view::SoloRedViewPlugin,
        ));
    }
}

//! Grid Duel in Bevy: mirrors and animates the rules in `gems_rules::grid_duel`.
//!
//! [`GridDuelLogicPlugin`](model::GridDuelLogicPlugin) runs headless (the duel, the cell
//! entities, the reveal/hold/choose stage machine); [`GridDuelPlugin`] adds the drawing, pointer
//! and keyboard input, and the egui panel.

pub mod hud;
pub mod model;
pub mod sound;
pub mod view;

use bevy::prelude::*;

pub use model::GridDuelLogicPlugin;

/// Everything Grid Duel needs: its screen's model, systems, drawing, input and menus.
pub struct GridDuelPlugin;

impl Plugin for GridDuelPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            GridDuelLogicPlugin,
            view::GridDuelViewPlugin,
            hud::GridDuelHudPlugin,
            sound::GridDuelSoundPlugin,
        ));
    }
}

//! K in a row in Bevy: mirrors and animates the rules in `gems_rules::k_in_a_row`.
//! [`logic`] holds the model and the computer's background search (runs headless);
//! `view` draws the board and the menu.

use bevy::prelude::*;

pub mod logic;
mod view;

pub use logic::KInARowLogicPlugin;

/// Everything K in a row needs: its screen's model, systems, drawing, input and menus.
pub struct KInARowPlugin;

impl Plugin for KInARowPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((logic::KInARowLogicPlugin, view::KInARowViewPlugin));
    }
}

//! K in a row in Bevy: mirrors and animates the rules in `gems_rules::k_in_a_row`.

use bevy::prelude::*;

use crate::screens::Screen;

/// Everything K in a row needs: its screen's model, systems, drawing, input and menus.
pub struct KInARowPlugin;

impl Plugin for KInARowPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::KInARow), || {
            info!("K in a row is not playable yet");
        });
    }
}

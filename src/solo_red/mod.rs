//! Solo Red in Bevy: mirrors and animates the rules in `gems_rules::solo_red`.

use bevy::prelude::*;

use crate::screens::Screen;

/// Everything Solo Red needs: its screen's model, systems, drawing, input and menus.
pub struct SoloRedPlugin;

impl Plugin for SoloRedPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::SoloRed), || {
            info!("Solo Red is not playable yet");
        });
    }
}

//! Dots in Bevy: mirrors and animates the rules in `gems_rules::dots`.

use bevy::prelude::*;

use crate::screens::Screen;

/// Everything Dots needs: its screen's model, systems, drawing, input and menus.
pub struct DotsPlugin;

impl Plugin for DotsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Dots), || {
            info!("Dots is not playable yet");
        });
    }
}

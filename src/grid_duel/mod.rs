//! Grid Duel in Bevy: mirrors and animates the rules in `gems_rules::grid_duel`.

use bevy::prelude::*;

use crate::screens::Screen;

/// Everything Grid Duel needs: its screen's model, systems, drawing, input and menus.
pub struct GridDuelPlugin;

impl Plugin for GridDuelPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::GridDuel), || {
            info!("Grid Duel is not playable yet");
        });
    }
}

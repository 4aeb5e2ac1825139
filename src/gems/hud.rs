//! placeholder
use bevy::prelude::*;
/// placeholder
pub struct HudPlugin;
impl Plugin for HudPlugin {
    fn build(&self, _app: &mut App) {}
}

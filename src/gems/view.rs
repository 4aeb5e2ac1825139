//! placeholder
use bevy::prelude::*;
/// placeholder
pub struct ViewPlugin;
impl Plugin for ViewPlugin {
    fn build(&self, _app: &mut App) {}
}

//! placeholder
use bevy::prelude::*;
/// placeholder
pub struct InputPlugin;
impl Plugin for InputPlugin {
    fn build(&self, _app: &mut App) {}
}

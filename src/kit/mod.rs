//! The game kit: what every game on the title screen shares, so that a change to how the games
//! think, look or sound is made once. Each game folder uses it the same way.
//!
//! - [`ai`]: the computer players' work ([`ai::AiJob`]: a worker thread, frame slices on the
//!   web, or inline for exact replays) and the generation check that drops stale answers.
//! - [`seed`]: the seeds of new deals ([`seed::Seeds`]: from the clock, or fixed by a test).

pub mod ai;
pub mod seed;

use bevy::prelude::*;

/// The kit's resources that run without a window (tests add it through
/// [`crate::headless_screen_app`]).
pub struct KitLogicPlugin;

impl Plugin for KitLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ai::AiHost>()
            .init_resource::<seed::Seeds>();
    }
}

//! How every game puts its systems in the frame: its system sets run in a chain in `Update`
//! while its screen shows ([`GameSchedule::game_sets`]), so a system only names its set; its
//! egui HUD draws while its screen shows ([`GameSchedule::game_hud`]).

use bevy::ecs::schedule::{InternedSystemSet, IntoScheduleConfigs};
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::screens::Screen;

/// Registers a game's systems on its screen.
pub trait GameSchedule {
    /// Orders a game's system `sets` one after the other in `Update`, all running only while
    /// `screen` shows.
    fn game_sets<M>(
        &mut self,
        screen: Screen,
        sets: impl IntoScheduleConfigs<InternedSystemSet, M>,
    ) -> &mut Self;

    /// Adds a game's egui HUD systems, drawn only while `screen` shows.
    fn game_hud<M>(
        &mut self,
        screen: Screen,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl GameSchedule for App {
    fn game_sets<M>(
        &mut self,
        screen: Screen,
        sets: impl IntoScheduleConfigs<InternedSystemSet, M>,
    ) -> &mut Self {
        self.configure_sets(Update, sets.chain().run_if(in_state(screen)))
    }

    fn game_hud<M>(
        &mut self,
        screen: Screen,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.add_systems(EguiPrimaryContextPass, systems.run_if(in_state(screen)))
    }
}

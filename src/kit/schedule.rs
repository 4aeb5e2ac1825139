//! How every game puts its systems in the frame: its system sets run in a chain in `Update`
//! while its screen shows ([`GameSchedule::game_sets`]), so a system only names its set; its
//! egui HUD draws while its screen shows ([`GameSchedule::game_hud`]).

use bevy::ecs::schedule::{InternedSystemSet, IntoScheduleConfigs};
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::screens::Screen;

/// Gives every schedule of the main world the single-threaded executor (an exclusive system
/// that runs once, in `PreStartup`, when every schedule has been made).
///
/// The games' systems are many and small: on this 2-core machine the multi-threaded executor's
/// thread hand-offs cost about 1 ms per frame (`perf` on `cascade_bench`: 60% of the time in
/// parking and waking threads), far more than the systems themselves (an idle frame goes from
/// 1.0 ms to 0.01 ms, the 100×100 cascade's mean from 1.18 ms to 0.14 ms). Searches still run
/// on the task pools' threads, and the web build has one thread anyway.
pub fn one_thread_executors(world: &mut World) {
    let mut schedules = world.resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
}

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

/// Resources that start from their `Default`, registered together:
/// `app.init_resources::<(A, B, C)>()`.
pub trait InitResources {
    /// Inserts each resource that is not there yet (an inserted one is kept).
    fn init_all(app: &mut App);
}

macro_rules! init_resources_for_tuples {
    ($($r:ident),+) => {
        impl<$($r: Resource + FromWorld),+> InitResources for ($($r,)+) {
            fn init_all(app: &mut App) {
                $(app.init_resource::<$r>();)+
            }
        }
    };
}

init_resources_for_tuples!(A, B);
init_resources_for_tuples!(A, B, C);
init_resources_for_tuples!(A, B, C, D);
init_resources_for_tuples!(A, B, C, D, E);
init_resources_for_tuples!(A, B, C, D, E, F);
init_resources_for_tuples!(A, B, C, D, E, F, G);
init_resources_for_tuples!(A, B, C, D, E, F, G, H);

/// Registers a tuple of resources at once.
pub trait AppResources {
    /// Initialises every resource of the tuple `R` (see [`InitResources`]).
    fn init_resources<R: InitResources>(&mut self) -> &mut Self;
}

impl AppResources for App {
    fn init_resources<R: InitResources>(&mut self) -> &mut Self {
        R::init_all(self);
        self
    }
}

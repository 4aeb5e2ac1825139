//! How every game puts its systems in the frame: one order for every game ([`GameSystems`]),
//! each step a [`GameSet`] of the game's screen that runs only while that screen shows
//! ([`GameSchedule::game_sets`]), so a system only names its step; its egui HUD draws while its
//! screen shows ([`GameSchedule::game_hud`]).

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::screens::Screen;

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

/// The steps of every game's frame, in this order (as bevy_new_2d orders its `AppSystems`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Devices (keyboard, pointer, touch) become the game's actions.
    Input,
    /// Actions change the rules' game: the only place a game's state changes.
    Actions,
    /// The computer players start searches and send their answers as actions.
    Ai,
    /// Transitions animate what the rules reported.
    Animate,
    /// Phases advance when their animations end; the status is reported.
    Advance,
    /// The board is drawn and the sounds play.
    View,
}

impl GameSystems {
    /// Every step, in frame order.
    pub const ALL: [GameSystems; 6] = [
        GameSystems::Input,
        GameSystems::Actions,
        GameSystems::Ai,
        GameSystems::Animate,
        GameSystems::Advance,
        GameSystems::View,
    ];
}

/// The kit's reading of the shared keys ([`super::keys`]), before every game's input (it runs
/// while a game is paused too: P resumes).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChromeKeys;

/// One step of one game's frame: the systems of the game on `Screen` at that [`GameSystems`]
/// step. A game's sets run in [`GameSystems`]' order, only while its screen shows.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameSet(pub Screen, pub GameSystems);

/// Registers a game's systems on its screen.
pub trait GameSchedule {
    /// Orders the game's [`GameSet`]s on `screen` one after the other in `Update`
    /// ([`GameSystems`]' order), all running only while `screen` shows.
    fn game_sets(&mut self, screen: Screen) -> &mut Self;

    /// Adds a game's egui HUD systems, drawn only while `screen` shows.
    fn game_hud<M>(
        &mut self,
        screen: Screen,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl GameSchedule for App {
    fn game_sets(&mut self, screen: Screen) -> &mut Self {
        let set = |step| GameSet(screen, step);
        // While the game is paused, or How to play's example is on its board, nothing reads
        // the devices and no computer player moves.
        self.configure_sets(
            Update,
            (set(GameSystems::Input), set(GameSystems::Ai))
                .run_if(super::chrome::not_paused)
                .run_if(super::help::no_example),
        );
        let sets = (
            set(GameSystems::Input),
            set(GameSystems::Actions),
            set(GameSystems::Ai),
            set(GameSystems::Animate),
            set(GameSystems::Advance),
            set(GameSystems::View),
        );
        self.configure_sets(Update, sets.chain().run_if(in_state(screen)))
            .configure_sets(
                Update,
                set(GameSystems::Input)
                    .after(ChromeKeys)
                    .after(super::help::ExampleSwap),
            )
    }

    fn game_hud<M>(
        &mut self,
        screen: Screen,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.add_systems(
            EguiPrimaryContextPass,
            systems
                .run_if(in_state(screen))
                .before(crate::kit::chrome::ChromeSystems),
        )
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
init_resources_for_tuples!(A, B, C, D, E, F, G, H, I);

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

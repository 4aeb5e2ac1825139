//! Screens of the app and the phases of a Modern Gems turn, as Bevy `States`.

use bevy::prelude::*;

/// Which screen is showing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen, listing the games.
    #[default]
    Title,
    /// Modern Gems.
    ModernGems,
    /// Dots.
    Dots,
    /// K in a row.
    KInARow,
    /// Solo Red.
    SoloRed,
    /// Grid Duel.
    GridDuel,
}

impl Screen {
    /// The screen named on the command line (`--game NAME`).
    pub fn from_name(name: &str) -> Option<Screen> {
        match name.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "modern-gems" | "gems" => Some(Screen::ModernGems),
            "dots" => Some(Screen::Dots),
            "k-in-a-row" | "kinarow" => Some(Screen::KInARow),
            "solo-red" | "solored" => Some(Screen::SoloRed),
            "grid-duel" | "gridduel" => Some(Screen::GridDuel),
            _ => None,
        }
    }
}

/// What the game on screen reports each frame (every game, through [`ScreenStatus::report`]):
/// read by scripted runs (`--screenshot`, `--exit-after-game`) and by tests.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScreenStatus {
    /// Nothing is animating and the game waits for input.
    pub settled: bool,
    /// The game has ended.
    pub over: bool,
}

/// The phase of the Modern Gems turn pipeline. Input acts only in [`Phase::Idle`]; each other
/// phase runs one animated transition and hands over to the next.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::ModernGems)]
pub enum Phase {
    /// Waiting for a move; hovering highlights the group a move would remove.
    #[default]
    Idle,
    /// A new board drops in.
    Dealing,
    /// The selected group is highlighted.
    Flagging,
    /// The flagged gems pop away.
    Removing,
    /// The gems above the holes fall.
    Falling,
    /// Empty columns close: the columns to their right slide left.
    Shifting,
    /// No move is left; the game-over panel shows.
    Over,
}

impl Phase {
    /// True while a transition is running (input is ignored then).
    pub fn is_transition(self) -> bool {
        !matches!(self, Phase::Idle | Phase::Over)
    }
}

/// Registers the screen and phase states.
pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_sub_state::<Phase>()
            .init_resource::<ScreenStatus>()
            .add_systems(StateTransition, reset_status);
    }
}

impl ScreenStatus {
    /// Reports the game's state this frame (writing only a change, so readers can watch for
    /// one).
    pub fn report(&mut self, settled: bool, over: bool) {
        let now = ScreenStatus { settled, over };
        if *self != now {
            *self = now;
        }
    }
}

/// A new screen starts unsettled and not over.
fn reset_status(
    mut moved: MessageReader<StateTransitionEvent<Screen>>,
    mut s: ResMut<ScreenStatus>,
) {
    if moved.read().last().is_some() {
        *s = ScreenStatus::default();
    }
}

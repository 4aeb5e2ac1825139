//! The screens of the app, as a Bevy `States`, and the status the game on screen reports.

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
    /// The screen's name on the command line (`--game NAME`) and in the settings.
    pub fn slug(self) -> &'static str {
        match self {
            Screen::Title => "title",
            Screen::ModernGems => "modern-gems",
            Screen::Dots => "dots",
            Screen::KInARow => "k-in-a-row",
            Screen::SoloRed => "solo-red",
            Screen::GridDuel => "grid-duel",
        }
    }

    /// The screen named on the command line (`--game NAME`).
    pub fn from_name(name: &str) -> Option<Screen> {
        match name.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "title" => Some(Screen::Title),
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

/// Registers the screen state and the status every game reports.
pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<ScreenStatus>()
        .add_systems(StateTransition, reset_status);
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

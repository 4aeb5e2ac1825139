//! The screens of the app, as a Bevy `States`, and the status the game on screen reports.

use bevy::prelude::*;

/// A game's name on the command line, in links and in the settings (`dots`, `k-in-a-row`):
/// lower-case letters, digits and `-`, at most [`GameId::MAX`] bytes. It names the game's screen,
/// so the kit needs no list of the games: each game names its own ([`Screen::game`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameId {
    len: u8,
    bytes: [u8; GameId::MAX],
}

impl GameId {
    /// The longest name.
    pub const MAX: usize = 24;

    /// The id named `slug`, or `None` when it is not a well-formed name.
    pub const fn new(slug: &str) -> Option<GameId> {
        let b = slug.as_bytes();
        if b.is_empty() || b.len() > GameId::MAX {
            return None;
        }
        let mut bytes = [0; GameId::MAX];
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-') {
                return None;
            }
            bytes[i] = c;
            i += 1;
        }
        Some(GameId {
            len: b.len() as u8,
            bytes,
        })
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes were stored (see `new`).
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::fmt::Debug for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameId({})", self.as_str())
    }
}

/// Which screen is showing: the title, or a game's.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen, listing the games.
    #[default]
    Title,
    /// The screen of the game with this id.
    Game(GameId),
}

impl Screen {
    /// The screen of the game named `slug` (a game's `SCREEN` constant; panics at compile time
    /// on a malformed name).
    pub const fn game(slug: &str) -> Screen {
        match GameId::new(slug) {
            Some(id) => Screen::Game(id),
            None => panic!("a game's name is lower-case letters, digits and '-'"),
        }
    }

    /// The screen's name on the command line (`--game NAME`) and in the settings.
    pub fn slug(&self) -> &str {
        match self {
            Screen::Title => "title",
            Screen::Game(id) => id.as_str(),
        }
    }

    /// The screen a name on the command line asks for (`--game NAME`: any case, `_` or spaces
    /// for `-`): the title, or the game of that name if there is one (the registry knows; see
    /// `app::game_app`). `None` for a name no game could have.
    pub fn from_name(name: &str) -> Option<Screen> {
        let name = name.to_ascii_lowercase().replace(['_', ' '], "-");
        if name == "title" {
            return Some(Screen::Title);
        }
        GameId::new(&name).map(Screen::Game)
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

/// Whether the game on screen is in progress: a move made and the game not over (leaving it
/// then asks first). Kept by each game's `Describe::in_progress` (`kit::share`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InProgress(pub bool);

/// Registers the screen state and the status every game reports.
pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<ScreenStatus>()
        .init_resource::<InProgress>()
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

//! Modern Gems, the Bevy game: five grid and card games sharing one app. The rules live in the
//! `gems-rules` crate; this crate mirrors them in the ECS and animates them, and never
//! re-implements a rule.
//!
//! # Reading guide
//!
//! `src/` has three parts, and imports only go downwards: [`app`] knows the games and the kit,
//! a game in [`games`] knows the kit and no other game, and the [`kit`] knows only itself (and
//! the rules and formats crates, bevy and bevy_egui). `tools/import-cycles.py` checks it.
//!
//! Read in this order:
//!
//! 1. [`app`]: [`game_app`] puts the whole game together (window, renderer, egui, every game's
//!    plugins); [`headless_screen_app`] is the same logic without a window, for tests. The app
//!    also holds the title screen, the Settings window, the theme library and editor, the
//!    player's images and the scripted runs (`--screenshot`, `--monkey`).
//! 2. [`kit`]: what every game shares, each concern once: the contract of a game
//!    ([`kit::game::GameInfo`], registered with [`kit::game::AddGame::add_game`]), the chrome
//!    every game shows ([`kit::chrome`]: the top bar in one order, the game-over and New game
//!    windows, the pause menu, Esc, P and F1, every click a [`kit::chrome::ChromeCommand`]), the
//!    screens
//!    ([`kit::screens::Screen`], and the status every game reports), the frame's order for
//!    every game ([`kit::schedule::GameSystems`]), the launch options and links
//!    ([`kit::launch`]), the computer player's jobs ([`kit::ai`]), seeds, phases as sub-states,
//!    the camera, layout, animations, the theme ([`kit::theme`]) and its art ([`kit::art`]),
//!    effects ([`kit::fx`]), sounds, high scores, the store (files written atomically), the
//!    pointer, the window title and Share link, the room the HUD takes, and the UI style taken
//!    from the theme with its phone layouts ([`kit::ui`]).
//! 3. One game, for example [`games::dots`]. Every game folder has the same shape: `mod.rs`
//!    (its screen, its plugins, and `set(step)`, its systems at each [`kit::schedule::GameSystems`]
//!    step), `model.rs` (the session resource holding the rules' game, components, actions, the
//!    phase sub-state), `logic.rs` (actions change the rules' game; entities follow what the
//!    rules report), then `ai`, `view`, `input`, `hud` and `sound` as the game needs. Each has a
//!    `logic_plugin` that runs headless (tests) and a `view_plugin`. [`games::gems`] (Modern
//!    Gems) adds `anim` and `transition` for its phase pipeline (flagging, removing, falling,
//!    shifting) and `boards` (its board files).
//!
//! # Adding a game
//!
//! 1. A folder `src/games/NAME/` with the files every game has: `mod.rs` (`SCREEN`, `set`,
//!    `plugin`, `logic_plugin`, `draw_plugin`; `input.rs` has `keys_plugin`, its keys alone), `info.rs` (its [`kit::game::GameInfo`]: name, blurb, title-card
//!    picture, how to play, capabilities, and its setup's settings with their limits, which its
//!    New game window, the flags and the links all read), `model.rs`, `logic.rs` (its actions; `mod.rs`
//!    answers the [`kit::chrome::ChromeCommand`]s its capabilities offer with `answer_chrome`),
//!    `input.rs`, `view.rs`, `hud.rs` (its own items in the chrome's top bar, its New game
//!    window's options and what its game-over window says, all through
//!    [`kit::chrome::ChromeBar`]), and `ai.rs` and `sound.rs` where it has them.
//!    Its `SCREEN` is `Screen::game("its-name")`: the kit keeps no list of the games.
//! 2. One line in `src/games/mod.rs`'s `REGISTRY`.
//! 3. `tests/contract.rs` checks it like every other game; `tests/sixth_game.rs` is a whole
//!    (small) game written this way, registered with one `app.add_game(&GAME)`.
//!
//! The tests in `tests/` drive these plugins headless; `tests/monkey.rs` plays all five games
//! at once with random actions and checks the ECS against the rules after every frame.

pub mod app;
pub mod games;
pub mod kit;

pub use app::game_app;
pub use kit::{headless_asset_app, headless_screen_app, settle_screen};
#[cfg(not(target_arch = "wasm32"))]
pub use kit::{headless_game_app, headless_game_app_with};

//! Modern Gems in Bevy. Each gem is an entity with [`Position`](model::Position),
//! [`Kind`](model::Kind) and [`Flag`](model::Flag); the rules game lives in the
//! [`GemsSession`](model::GemsSession) resource and the entities mirror it, animating each move's
//! flagging, removal, falling and column shift.
//!
//! [`logic_plugin`] runs headless (tests, benchmarks); [`view_plugin`] adds drawing, input
//! and menus.

pub mod ai;
pub mod anim;
pub mod boards;
pub mod coach;
pub mod files;
pub mod hud;
pub mod info;
pub mod input;
pub mod limits;
pub mod link_board;
pub mod logic;
pub mod model;
pub mod records;
pub mod scores;
pub mod sound;
pub mod transition;
pub mod view;
pub mod watch;

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Player, RemovalPolicy, board_by_name, random_board, random_board_name};

use crate::kit::chrome::{ChromeCommand, answer_chrome};
use crate::kit::daily_game::AddDaily;
use crate::kit::example::AddExample;
use crate::kit::launch::LaunchOptions;
use crate::kit::resume::AddResume;
use crate::kit::schedule::{AppResources, GameSchedule, GameSet, GameSystems};
use crate::kit::screens::Screen;
use crate::kit::share::DescribeGame;

use model::{
    ActivePlayer, ActivePolicy, BoardRebuilt, FlagChanged, GemIndex, GemsAction, GemsSession,
    KeyCursor, LastMove, PendingMove, Selection,
};

/// The screen that plays this game.
pub const SCREEN: Screen = Screen::game("modern-gems");

/// This game's systems at `step` of the frame (every game's steps run in [`GameSystems`]' order,
/// on its own screen only).
pub const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// Everything Modern Gems needs without a window: the model, actions, transitions, AI, scores.
pub fn logic_plugin(app: &mut App) {
    let session = app
        .world_mut()
        .remove_resource::<model::GemsSession>()
        .unwrap_or_else(logic::default_session);
    app.init_resource::<crate::kit::theme::Theme>()
        .insert_resource(ActivePolicy(session.game.policy()))
        .insert_resource(ActivePlayer(session.game.player()))
        .insert_resource(session)
        .add_sub_state::<model::Phase>()
        .init_resources::<(
            GemIndex,
            PendingMove,
            Selection,
            KeyCursor,
            LastMove,
            crate::kit::chrome::Paused,
        )>()
        .add_message::<GemsAction>()
        .add_message::<BoardRebuilt>()
        .add_message::<FlagChanged>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            answer_chrome(|_: &model::GemsSession, command| match command {
                ChromeCommand::Undo => Some(GemsAction::Undo),
                ChromeCommand::Redo => Some(GemsAction::Redo),
                ChromeCommand::Hint => Some(GemsAction::Hint),
                ChromeCommand::Restart => Some(GemsAction::Restart),
                _ => None,
            })
            .in_set(set(GameSystems::Input)),
        )
        .describe_game::<model::GemsSession>(SCREEN)
        .resumable::<model::GemsSession>(SCREEN)
        .help_example::<model::GemsSession, _>(SCREEN, logic::show_session)
        .daily_challenge::<model::GemsSession, _>(SCREEN, logic::show_session)
        .add_plugins((
            logic::plugin,
            anim::plugin,
            transition::plugin,
            ai::plugin,
            coach::plugin,
            watch::plugin,
            scores::plugin,
            files::plugin,
        ));
}

/// Everything Modern Gems needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, view_plugin));
}

/// Drawing, input and menus of Modern Gems.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        draw_plugin,
        input::plugin,
        hud::plugin,
        sound::plugin,
        records::plugin,
        link_board::plugin,
        boards::plugin,
    ));
}

/// The board's drawing alone (runs headless over [`logic_plugin`]).
pub fn draw_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// The Modern Gems session the launch options ask for (`--replay FILE`: watching that line;
/// defaults: tiny, chained, human; with
/// `--seed` and no `--board`, a random 10×15 board of 4 kinds; with `--cells`, the board the
/// link carries, named `shared-HASH`).
pub fn session_from_options(opts: &LaunchOptions) -> Result<GemsSession, String> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = &opts.replay {
        let path = std::path::Path::new(path);
        let file = watch::read_line_file(path).map_err(|e| format!("--replay {e}"))?;
        let who = path.file_name().map_or_else(
            || "the file".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        return Ok(watch::watch_session(&file, &who));
    }
    let policy = opts.policy.unwrap_or(RemovalPolicy::Chained);
    let player = opts.player.unwrap_or(Player::Interactive);
    let cells = opts.setup.cells.as_deref();
    let (name, board) = match (&opts.board, opts.seed) {
        (None, _) if let Some(cells) = cells => (
            crate::kit::launch::link::shared_board_name(cells),
            crate::kit::launch::link::gems_board_from_cells(cells)?,
        ),
        (Some(name), _) => (
            name.clone(),
            board_by_name(name)
                .ok()
                .or_else(|| board_file(name))
                .ok_or_else(|| {
                    format!("no board named '{name}' (and no assets/boards/{name}.board)")
                })?,
        ),
        (None, Some(seed)) => (
            random_board_name(10, 15, 4, seed),
            random_board(10, 15, 4, seed).map_err(|e| e.to_string())?,
        ),
        // A first game worth playing: a fresh random board of the usual size.
        (None, None) => {
            let seed = crate::kit::seed::fresh_seed() % 1_000_000;
            (
                random_board_name(10, 15, 4, seed),
                random_board(10, 15, 4, seed).map_err(|e| e.to_string())?,
            )
        }
    };
    Ok(GemsSession::new(name, board, policy, player))
}

/// A board file `assets/boards/NAME.board` that a player dropped in (desktop only).
fn board_file(name: &str) -> Option<gems_rules::gems::Board> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if name.contains(['/', '\\']) || name.contains("..") {
            return None;
        }
        let path = crate::kit::paths::asset_dir()
            .join("boards")
            .join(format!("{name}.board"));
        let text = gems_rules::storage::read_text_bounded(
            &path,
            gems_rules::gems::MAX_SAVE_STRING_BYTES as u64,
        )
        .ok()?;
        gems_rules::gems::Board::from_save_string(&text).ok()
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = name;
        None
    }
}

/// An app without window or renderer, stepping time by `step` per `update()`: the game's logic
/// exactly as the real app runs it, for tests and benchmarks. It starts on the Modern Gems
/// screen with `session`.
pub fn headless_app(session: GemsSession, step: Duration) -> App {
    let mut app = crate::kit::headless_screen_app(SCREEN, step);
    app.insert_resource(session).add_plugins(logic_plugin);
    app.update();
    app
}

/// Steps a [`headless_app`] until the Modern Gems board is settled: no transition running, no
/// move pending, no phase change queued (for tests; panics if it never settles).
pub fn settle_gems(app: &mut App) {
    use model::{PendingMove, Phase};
    for _ in 0..20_000 {
        app.update();
        let world = app.world();
        let queued = !matches!(world.resource::<NextState<Phase>>(), NextState::Unchanged);
        let phase = *world.resource::<State<Phase>>().get();
        if !(phase.is_transition() || world.resource::<PendingMove>().0.is_some() || queued) {
            return;
        }
    }
    panic!("the board never settled");
}

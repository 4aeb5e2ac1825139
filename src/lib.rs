//! Modern Gems, the Bevy game: five grid and card games sharing one app. The rules live in the
//! `gems-rules` crate; this crate mirrors them in the ECS and animates them, and never
//! re-implements a rule.
//!
//! # Reading guide
//!
//! Read in this order:
//!
//! 1. [`game_app`] (below) and [`headless_screen_app`]: how the app is put together, with and
//!    without a window. [`launch`] parses the command line, and a web page's link as the same
//!    flags (every game's setup, checked against the rules' limits).
//! 2. [`screens`]: the screen state (the title and the five games) and the
//!    [`ScreenStatus`](screens::ScreenStatus) every game reports (settled, over).
//! 3. [`kit`]: what the games share, each concern once: the computer player's jobs
//!    ([`kit::ai`]), seeds, phases as sub-states, system scheduling on a screen, the camera,
//!    layout, animations, the theme's art ([`kit::art`]), effects ([`kit::fx`]), the sound
//!    bank, high scores, the pointer (mouse and touch), the window title and Share link
//!    ([`kit::share`]), the room the HUD takes ([`kit::insets`]), and the UI style taken from
//!    the theme with its phone layouts.
//! 4. One game, for example [`dots`]. Every game folder has the same shape: `mod.rs` (its
//!    plugins and system sets), `model.rs` (the session resource holding the rules' game,
//!    components, actions, the phase sub-state), `logic.rs` (actions change the rules' game;
//!    entities follow what the rules report), then `ai`, `view`, `input`, `hud` and `sound` as
//!    the game needs. Each has a `logic_plugin` that runs headless (tests) and a `view_plugin`.
//!    [`gems`] (Modern Gems) adds `anim` and `transition` for its phase pipeline
//!    (flagging, removing, falling, shifting).
//! 5. Data players edit: [`theme`] (the format is `gems_formats::theme`), [`library`] (themes
//!    and boards as assets, reloaded while the game runs), [`editor`] (the theme editor and the
//!    player's own themes), [`settings`], [`store`] and [`paths`] (files written atomically in
//!    the data directory).
//! 6. The rest: [`title`], [`world_text`] (labels in the world, painted by egui),
//!    [`ui_fonts`], [`scripted`] (`--screenshot`, `--exit-after-game`) and [`monkey`]
//!    (`--monkey SEED`, random input in a real window).
//!
//! The tests in `tests/` drive these plugins headless; `tests/monkey.rs` plays all five games
//! at once with random actions and checks the ECS against the rules after every frame.

pub mod dots;
pub mod editor;
pub mod gems;
pub mod grid_duel;
pub mod k_in_a_row;
pub mod kit;
pub mod launch;
pub mod library;
pub mod monkey;
pub mod paths;
pub mod player_images;
pub mod screens;
pub mod scripted;
pub mod settings;
pub mod solo_red;
pub mod store;
pub mod theme;
pub mod title;
pub mod ui_fonts;
pub mod world_text;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use gems_rules::gems::{Player, RemovalPolicy, board_by_name, random_board, random_board_name};

use gems::model::GemsSession;
use launch::LaunchOptions;
use screens::Screen;

/// The Modern Gems session the launch options ask for (`--replay FILE`: watching that line;
/// defaults: tiny, chained, human; with
/// `--seed` and no `--board`, a random 10×15 board of 4 kinds; with `--cells`, the board the
/// link carries, named `shared-HASH`).
pub fn session_from_options(opts: &LaunchOptions) -> Result<GemsSession, String> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = &opts.replay {
        let path = std::path::Path::new(path);
        let file = gems::watch::read_line_file(path).map_err(|e| format!("--replay {e}"))?;
        let who = path.file_name().map_or_else(
            || "the file".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        return Ok(gems::watch::watch_session(&file, &who));
    }
    let policy = opts.policy.unwrap_or(RemovalPolicy::Chained);
    let player = opts.player.unwrap_or(Player::Interactive);
    let cells = opts.setup.cells.as_deref();
    let (name, board) = match (&opts.board, opts.seed) {
        (None, _) if let Some(cells) = cells => (
            launch::link::shared_board_name(cells),
            launch::link::gems_board_from_cells(cells)?,
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
        (None, None) => (
            "tiny".to_string(),
            board_by_name("tiny").map_err(|e| e.to_string())?,
        ),
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
        let path = paths::asset_dir()
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
    let mut app = headless_screen_app(Screen::ModernGems, step);
    app.insert_resource(session).add_plugins(gems::logic_plugin);
    app.update();
    app
}

/// Steps a [`headless_app`] until the Modern Gems board is settled: no transition running, no
/// move pending, no phase change queued (for tests; panics if it never settles).
pub fn settle_gems(app: &mut App) {
    use gems::model::{PendingMove, Phase};
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

/// An app without window or renderer whose assets load from the folder `root`, with the
/// on-screen notices: for tests of the asset loaders and the files players edit.
pub fn headless_asset_app(root: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::asset::AssetPlugin {
            file_path: root.to_string_lossy().into_owned(),
            ..default()
        },
    ))
    .init_resource::<settings::Notices>();
    app
}

/// The bare headless app every game's tests start from: no window or renderer, time stepping by
/// `step` per `update()`, the screen states, and `screen` asked for (it opens on the next
/// update, once the caller has added its game's plugins and resources).
pub fn headless_screen_app(screen: Screen, step: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(step))
        .add_plugins((screens::plugin, kit::logic_plugin));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app
}

/// The full game: a window, the renderer, egui, every game's plugins, configured by `opts`.
pub fn game_app(opts: LaunchOptions) -> Result<App, String> {
    let (session, pending) = match (session_from_options(&opts), &opts.board) {
        (Ok(session), _) => (session, None),
        // In the browser the shipped board files are assets, loaded after the start: open on
        // the default board, and start the named one (same rules and player) once it is in,
        // or say it is not there.
        (Err(_), Some(name)) if cfg!(target_arch = "wasm32") => {
            let session = session_from_options(&LaunchOptions {
                board: None,
                ..opts.clone()
            })?;
            let pending = gems::link_board::PendingBoard {
                name: name.clone(),
                policy: session.game.policy(),
                player: session.game.player(),
            };
            (session, Some(pending))
        }
        (Err(e), _) => return Err(e),
    };
    let data = paths::DataDir::platform();
    let mut app = App::new();
    // The player's own images are an asset source, which must exist before the asset plugin.
    let player_images = player_images::PlayerImages::load(data.clone());
    player_images.register(&mut app);
    app.insert_resource(player_images);
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Modern Gems".to_string(),
                resolution: (1280, 800).into(),
                canvas: Some("#bevy".to_string()),
                fit_canvas_to_parent: true,
                prevent_default_event_handling: true,
                ..default()
            }),
            ..default()
        })
        .set(bevy::asset::AssetPlugin {
            #[cfg(not(target_arch = "wasm32"))]
            file_path: paths::asset_dir().to_string_lossy().into_owned(),
            // Edited theme and board files apply at once on the desktop.
            watch_for_changes_override: Some(cfg!(not(target_arch = "wasm32"))),
            // No `.meta` files: the web build would request one per asset.
            meta_check: bevy::asset::AssetMetaCheck::Never,
            ..default()
        });
    // The desktop logs; the web build has no log plugin (see Cargo.toml).
    #[cfg(not(target_arch = "wasm32"))]
    let plugins = plugins.set(bevy::log::LogPlugin {
        filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn".to_string(),
        ..default()
    });
    app.add_plugins(plugins)
        .add_plugins(bevy_egui::EguiPlugin::default())
        .insert_resource(kit::scores::HighScores::load(data.file("scores.ron")))
        .insert_resource(data)
        .insert_resource(session)
        .insert_resource(library::ThemeLibrary {
            forced: opts.theme.clone(),
            ..default()
        })
        .add_plugins((
            screens::plugin,
            kit::logic_plugin,
            kit::view_plugin,
            settings::plugin,
            library::plugin,
            editor::plugin,
            title::plugin,
            gems::plugin,
        ))
        .add_plugins((
            dots::plugin,
            k_in_a_row::plugin,
            solo_red::plugin,
            grid_duel::plugin,
            world_text::plugin,
            ui_fonts::plugin,
        ));
    app.insert_state(opts.first_screen());
    if let Some(seed) = opts.monkey {
        app.add_plugins(monkey::WindowMonkeyPlugin {
            seed,
            frames: opts.monkey_frames.unwrap_or(monkey::DEFAULT_FRAMES),
        });
    }
    if let Some(pending) = pending {
        app.insert_resource(pending);
    }
    app.insert_resource(opts).add_plugins(scripted::plugin);
    Ok(app)
}

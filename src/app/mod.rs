//! The app shell: the whole game put together ([`game_app`]), the title screen, the Settings
//! window, the theme library and editor, the player's images, and the scripted runs
//! (`--screenshot`, `--exit-after-game`, `--monkey`). It knows every game (through
//! [`crate::games`]); no game or kit file knows it.

pub mod editor;
pub mod leaderboards;
pub mod library;
pub mod monkey;
pub mod my_data;
pub mod player_images;
pub mod scripted;
pub mod settings;
pub mod stats;
pub mod title;
#[cfg(not(target_arch = "wasm32"))]
pub mod window;

use bevy::prelude::*;

use crate::games::gems;
use crate::kit::game::AddGame;
use crate::kit::launch::LaunchOptions;
use crate::kit::screens::Screen;
use crate::kit::{self, paths, ui_fonts, world_text};

/// The full game: a window, the renderer, egui, every game's plugins, configured by `opts`.
pub fn game_app(opts: LaunchOptions) -> Result<App, String> {
    let opts = resolve_game(opts, &crate::games::REGISTRY)?;
    let (session, pending) = match (gems::session_from_options(&opts), &opts.board) {
        (Ok(session), _) => (session, None),
        // In the browser the shipped board files are assets, loaded after the start: open on
        // the default board, and start the named one (same rules and player) once it is in,
        // or say it is not there.
        (Err(_), Some(name)) if cfg!(target_arch = "wasm32") => {
            let session = gems::session_from_options(&LaunchOptions {
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
    // Read once, here: the window opens at the size the player left it at (the web's canvas
    // fills the page instead).
    settings::insert_settings(app.world_mut(), &data);
    let (window_size, window_position) = if cfg!(target_arch = "wasm32") {
        (gems_formats::settings::DEFAULT_WINDOW_SIZE, None)
    } else {
        let s = app.world().resource::<kit::settings::Settings>();
        (s.window_size, s.window_position)
    };
    // The player's own images are an asset source, which must exist before the asset plugin.
    let player_images = player_images::PlayerImages::load(data.clone());
    player_images.register(&mut app);
    app.insert_resource(player_images);
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Modern Gems".to_string(),
                resolution: window_size.into(),
                position: window_position.map_or(WindowPosition::Automatic, |(x, y)| {
                    WindowPosition::At(IVec2::new(x, y))
                }),
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
            // Each web build's assets live in their own folder (web/finish.py), named by the page.
            #[cfg(target_arch = "wasm32")]
            file_path: web_asset_dir(),
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
            kit::screens::plugin,
            kit::logic_plugin,
            kit::view_plugin,
            settings::plugin,
            library::plugin,
            editor::plugin,
            my_data::plugin,
            title::plugin,
            stats::plugin,
            leaderboards::plugin,
            world_text::plugin,
            ui_fonts::plugin,
        ));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(window::plugin)
        .insert_resource(window::update_mode(&opts));
    for game in crate::games::REGISTRY {
        app.add_game(game);
    }
    app.insert_state(first_screen(&opts, &app));
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

/// The screen the app opens on: the one the launch asks for, else the game played last when it
/// has a game in progress (the player left off there), else the title.
fn first_screen(opts: &LaunchOptions, app: &App) -> Screen {
    let screen = opts.first_screen();
    if screen != Screen::Title {
        return screen;
    }
    let data = app.world().resource::<paths::DataDir>();
    let last = &app.world().resource::<kit::settings::Settings>().last_game;
    crate::games::REGISTRY
        .iter()
        .map(|g| g.screen)
        .find(|s| s.slug() == last.as_str() && kit::resume::saved(data, *s))
        .unwrap_or(screen)
}

/// Puts the registered game that `--game` names (by its slug or an alias) into the options; an
/// unknown name stops the desktop with its reason, and on the web becomes a notice over the
/// title screen (a mistyped link still opens the page).
pub fn resolve_game(
    mut opts: LaunchOptions,
    games: &[&'static crate::kit::game::GameInfo],
) -> Result<LaunchOptions, String> {
    let Some(Screen::Game(id)) = opts.game else {
        return Ok(opts);
    };
    let name = id.as_str();
    let found = games
        .iter()
        .find(|g| g.screen.slug() == name || g.aliases.contains(&name));
    match found {
        Some(game) => opts.game = Some(game.screen),
        None if cfg!(target_arch = "wasm32") => {
            opts.notices
                .push(format!("Link: there is no game named '{name}'"));
            opts.game = Some(Screen::Title);
        }
        None => return Err(format!("unknown game '{name}'")),
    }
    Ok(opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_found_by_its_name_or_an_alias_and_an_unknown_one_is_refused() {
        let games = &crate::games::REGISTRY;
        let named = |name: &str| LaunchOptions {
            game: Screen::from_name(name),
            ..LaunchOptions::default()
        };
        let dots = resolve_game(named("Dots"), games).unwrap();
        assert_eq!(dots.game, Some(crate::games::dots::SCREEN));
        let gems = resolve_game(named("gems"), games).unwrap();
        assert_eq!(gems.game, Some(crate::games::gems::SCREEN));
        let title = resolve_game(named("title"), games).unwrap();
        assert_eq!(title.game, Some(Screen::Title));
        let unknown = resolve_game(named("nowhere"), games);
        assert_eq!(unknown.err().as_deref(), Some("unknown game 'nowhere'"));
    }
}

/// The web build's assets folder, as the page names it (`window.modernGemsAssets`, e.g.
/// `assets-1f2e3d4c5b6a`: one folder per build); `assets` when the page names none.
#[cfg(target_arch = "wasm32")]
fn web_asset_dir() -> String {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"modernGemsAssets".into()).ok())
        .and_then(|v| v.as_string())
        .filter(|dir| !dir.is_empty() && !dir.contains(['/', '\\', '.']))
        .unwrap_or_else(|| "assets".to_string())
}

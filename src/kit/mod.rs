//! The game kit: what every game on the title screen shares, so that a change to how the games
//! think, look or sound is made once. Each game folder uses it the same way.
//!
//! - [`ai`]: the computer players' work ([`ai::AiJob`]: a rules-crate job on a worker thread,
//!   in the browser's AI workers, or inline for exact replays) and the generation check that
//!   drops stale answers.
//! - [`anim`]: [`anim::Tween`] and [`anim::Vanish`], the moves and pops every board animates.
//! - [`art`]: the theme's images (PNG, checked, with mip chains) and how each gem style is
//!   drawn ([`art::gem_looks`]): Modern Gems' gems, Dots' dots and K in a row's tiles alike.
//! - [`camera`]: the one 2D camera, and the background in the theme's colour and image.
//! - [`fx`]: shards, score pop-ups and celebrations, from messages every game sends
//!   ([`fx::Burst`], [`fx::Popup`], [`fx::Celebrate`]), sized and timed by the theme.
//! - [`keys`]: the keys every game shares (undo, redo, hint, restart, new game, pause, how
//!   to play), by the letter the layout prints, and [`keys::GameKeys`], which every game reads.
//! - [`layout`]: where a board of rows × columns sits in the window, cell ↔ world.
//! - [`help`]: each game's How to play page, a text file under `assets/help/`, and its offer
//!   on the first visit.
//! - [`example`]: the page's worked example, shown on the game's own board while it is open
//!   ([`example::AddExample`]).
//! - [`history`]: [`history::History`], Undo and Redo over snapshots of a game's rules state,
//!   and the mark that a game used them (not ranked).
//! - [`insets`]: the room the HUD's bars and panels take, measured from egui each frame, so
//!   boards fit around them (on a phone too).
//! - [`audio`]: the theme's sound bank and [`audio::play_effect`], which every game plays through.
//! - [`resume`]: every game saved after each settled move (its setup and journal) and played
//!   again at the next start ([`resume::Resumable`]).
//! - [`schedule`]: [`schedule::GameSchedule`], how a game's system sets and HUD run on its
//!   screen.
//! - [`scores`]: the top ten scores per board and rules (with [`clock::today`]'s dates),
//!   counters for records, and the result of a finished game.
//! - [`phase`]: [`phase::PhaseOf`], a game's phase sub-state as its systems read and set it.
//! - [`pointer`]: the world point under the mouse or a touch, and whether egui has it.
//! - [`status`]: [`status::MoveSettled`], which every game sends when a move has settled,
//!   and [`status::finish_game`], which enters a finished game in the high scores.
//! - [`ui`]: the bars, panels and dialogs of every HUD, coloured from the theme
//!   ([`ui::UiPalette`]).
//! - [`share`]: the window title and the Share link of the game on screen ([`share::Describe`]).
//! - [`seed`]: the seeds of new deals ([`seed::Seeds`]: from the clock, or fixed by a test).

pub mod ai;
pub mod anim;
pub mod art;
pub mod audio;
pub mod camera;
pub mod chrome;
pub mod clock;
pub mod daily;
pub mod daily_game;
pub mod example;
pub mod fx;
pub mod game;
pub mod help;
pub mod history;
pub mod insets;
pub mod keys;
pub mod launch;
pub mod layout;
pub mod leaderboard;
pub mod palette;
pub mod paths;
pub mod phase;
#[cfg(target_arch = "wasm32")]
pub mod picker;
pub mod pointer;
pub mod resume;
pub mod schedule;
pub mod scores;
pub mod screens;
pub mod seed;
pub mod settings;
pub mod share;
pub mod standing;
pub mod status;
pub mod store;
pub mod text_asset;
pub mod theme;
pub mod ui;
pub mod ui_fonts;
pub mod world_text;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use schedule::AppResources;
use screens::Screen;

/// The kit's resources that run without a window (tests add it through
/// [`crate::headless_screen_app`]).
pub fn logic_plugin(app: &mut App) {
    app.init_resources::<(
        ai::AiHost,
        seed::Seeds,
        scores::HighScores,
        layout::BoardLayout,
        layout::ViewArea,
        art::ThemeImages,
        share::ShareLink,
        share::GameTitle,
        chrome::Paused,
    )>()
    .init_resource::<share::BoardText>()
    .add_message::<status::MoveSettled>()
    .add_systems(PreStartup, schedule::one_thread_executors)
    .add_plugins((
        ai::plugin,
        fx::plugin,
        palette::plugin,
        chrome::logic_plugin,
        help::logic_plugin,
        keys::plugin,
        daily_game::plugin,
        leaderboard::plugin,
        standing::plugin,
    ));
}

/// The kit's drawing and sound: the camera, the background, the sound bank, and egui styled by
/// the theme.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        audio::plugin,
        share::plugin,
        insets::plugin,
        chrome::plugin,
        help::plugin,
        settings::storage_problems_plugin,
        pointer::plugin,
    ))
    .add_systems(bevy_egui::EguiPrimaryContextPass, style_egui);
}

/// Restyles egui whenever the theme changes (and on the first frame egui draws).
fn style_egui(
    mut contexts: bevy_egui::EguiContexts,
    theme: Res<theme::Theme>,
    mut applied: Local<bool>,
) -> Result {
    if *applied && !theme.is_changed() {
        return Ok(());
    }
    ui::apply_style(contexts.ctx_mut()?, &theme);
    *applied = true;
    Ok(())
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
        .add_plugins((screens::plugin, logic_plugin));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app
}

/// A headless app playing `game`, dealt from `seed`, with empty records and its computer
/// answering within the frame that asks (so that a failure replays), settled on its first
/// frames (at most `frames`): where every game's tests start alike. (Native only: the web
/// build's computer thinks in its AI worker alone.)
#[cfg(not(target_arch = "wasm32"))]
pub fn headless_game_app(game: &'static game::GameInfo, seed: u64, frames: usize) -> App {
    headless_game_app_with(game, seed, frames, |_| {})
}

/// [`headless_game_app`], with `before` given the app before the game's plugin is added (to
/// insert a data directory, say).
#[cfg(not(target_arch = "wasm32"))]
pub fn headless_game_app_with(
    game: &'static game::GameInfo,
    seed: u64,
    frames: usize,
    before: impl FnOnce(&mut App),
) -> App {
    let mut app = headless_screen_app(game.screen, Duration::from_millis(16));
    before(&mut app);
    // Registered, as the app registers it: the chrome and the shared keys ask what it offers.
    app.init_resource::<game::GameRegistry>();
    app.world_mut()
        .resource_mut::<game::GameRegistry>()
        .0
        .push(game);
    app.insert_resource(scores::HighScores::default())
        .insert_resource(seed::Seeds::from_seed(seed))
        .insert_resource(ai::AiHost::Inline);
    (game.logic_plugin)(&mut app);
    settle_screen(&mut app, frames);
    app
}

/// Steps a [`headless_screen_app`] until the game on screen reports itself settled, at most
/// `frames` updates (for tests; panics if it never settles).
pub fn settle_screen(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
        if app.world().resource::<screens::ScreenStatus>().settled {
            return;
        }
    }
    panic!("the game on screen never settled in {frames} frames");
}

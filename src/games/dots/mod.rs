//! Dots in Bevy: mirrors and animates the rules in `gems_rules::dots`. Each dot is an entity
//! with a [`Dot`](model::Dot); the rules game lives in [`DotsSession`](model::DotsSession) and
//! the entities follow each removal the rules report (vanish, fall, refill).
//!
//! [`logic_plugin`] runs headless (tests); [`view_plugin`] adds drawing, input and menus.

pub mod ai;
pub mod hud;
pub mod info;
pub mod input;
pub mod logic;
pub mod model;
pub mod sound;
pub mod view;

use bevy::prelude::*;

use crate::kit::chrome::{ChromeCommand, answer_chrome};
use crate::kit::daily_game::AddDaily;
use crate::kit::example::AddExample;
use crate::kit::resume::AddResume;
use crate::kit::schedule::{AppResources, GameSchedule, GameSet, GameSystems};
use crate::kit::screens::Screen;
use crate::kit::share::DescribeGame;

use model::{
    DotIndex, DotsAction, DotsGameOver, DotsHint, DotsPhase, DotsSession, Gesture, LastPoints,
};

/// The screen that plays this game.
pub const SCREEN: Screen = Screen::game("dots");

/// This game's systems at `step` of the frame (every game's steps run in [`GameSystems`]' order,
/// on its own screen only).
pub const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// Everything Dots needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, view_plugin));
}

/// Dots without a window: the model, actions, transitions, AI and high scores. A
/// [`DotsSession`] inserted before the plugin is kept; otherwise the launch options' seed (a
/// fresh one when they ask nothing of Dots) starts the default game, or seed 1 without
/// options (tests).
pub fn logic_plugin(app: &mut App) {
    if !app.world().contains_resource::<DotsSession>() {
        app.insert_resource(DotsSession::default_with_seed(1))
            .add_systems(Startup, apply_launch_options);
    }
    app.init_resource::<crate::kit::theme::Theme>()
        .add_sub_state::<DotsPhase>()
        .init_resources::<(
            DotIndex,
            Gesture,
            DotsHint,
            LastPoints,
            DotsGameOver,
            model::DotsCursor,
        )>()
        .add_message::<DotsAction>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            answer_chrome(|s: &DotsSession, command| match command {
                ChromeCommand::Hint => Some(DotsAction::Hint),
                ChromeCommand::Undo => Some(DotsAction::Undo),
                ChromeCommand::Redo => Some(DotsAction::Redo),
                ChromeCommand::Restart => Some(DotsAction::NewGame(s.seed)),
                _ => None,
            })
            .in_set(set(GameSystems::Input))
            // A hint asked for starts its search in the same frame.
            .before(ai::start_search),
        )
        .describe_game::<DotsSession>(SCREEN)
        .resumable::<DotsSession>(SCREEN)
        .help_example::<DotsSession, _>(SCREEN, logic::spawn_board)
        .daily_challenge::<DotsSession, _>(SCREEN, logic::spawn_board)
        .add_plugins((logic::plugin, ai::plugin));
}

/// Drawing, input and menus of Dots.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((draw_plugin, input::plugin, hud::plugin, sound::plugin));
}

/// The board's drawing alone (runs headless over [`logic_plugin`]).
pub fn draw_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// `--seed S` starts a new game from `S`; `--size`, `--colours` and `--moves` (checked
/// against the rules' limits when the flags were read) set it up; `--autoplay` lets the planner
/// play.
fn apply_launch_options(
    resumed: Option<Res<crate::kit::resume::Resumed>>,
    opts: Option<Res<crate::kit::launch::LaunchOptions>>,
    mut autoplay: ResMut<ai::DotsAutoplay>,
    mut session: ResMut<DotsSession>,
    mut seeds: ResMut<crate::kit::seed::Seeds>,
    mut actions: MessageWriter<DotsAction>,
) {
    let Some(opts) = opts else { return };
    if crate::kit::resume::resumed(resumed.as_deref(), SCREEN) {
        // The game in progress was played again from its journal.
        autoplay.enabled |= opts.autoplay;
        return;
    }
    let setup = &opts.setup;
    let asked = opts.seed.is_some()
        || setup.size.is_some()
        || setup.colours.is_some()
        || setup.moves.is_some();
    if opts.game.is_some_and(|g| g != SCREEN) {
        // The size and the seed are another game's; the first board is a fresh deal.
        *session = DotsSession::default_with_seed(seeds.next_seed());
        return;
    }
    if asked {
        let (size, colours, moves) = setup.dots();
        let seed = opts.seed.unwrap_or_else(|| seeds.next_seed());
        match DotsSession::try_new(size, colours, moves, seed) {
            // The new game takes the session's settings.
            Ok(fresh) => *session = fresh,
            Err(e) => tracing::warn!("dots: the link's settings were refused: {e}"),
        }
        actions.write(DotsAction::NewGame(seed));
    } else {
        // Nothing asked of Dots: the first board is a fresh deal, not the same every run.
        *session = DotsSession::default_with_seed(seeds.next_seed());
    }
    autoplay.enabled |= opts.autoplay;
}

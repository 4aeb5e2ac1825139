//! K in a row in Bevy: mirrors and animates the rules in `gems_rules::k_in_a_row`. The rules'
//! game lives in [`KSession`](model::KSession); [`KPhase`](model::KPhase) follows whose turn it
//! is; the computer's search is a kit AI job.
//!
//! [`logic_plugin`] runs headless (tests); [`view_plugin`] adds drawing, input and
//! the menu.

pub mod ai;
pub mod analysis;
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

use model::{KAction, KFileStatus, KPhase, KSession};

/// The screen that plays this game.
pub const SCREEN: Screen = Screen::game("k-in-a-row");

/// This game's systems at `step` of the frame (every game's steps run in [`GameSystems`]' order,
/// on its own screen only).
pub const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// Everything K in a row needs: its screen's model, systems, drawing, input and menus.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, view_plugin));
}

/// The model, actions and AI, without drawing (runs headless).
pub fn logic_plugin(app: &mut App) {
    app.init_resources::<(KSession, KFileStatus, crate::kit::settings::Notices)>()
        .add_systems(Startup, apply_launch_options)
        .add_sub_state::<KPhase>()
        .add_message::<KAction>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            answer_chrome(|s: &KSession, command| match command {
                ChromeCommand::Restart => Some(KAction::NewGame(s.setup.clone())),
                ChromeCommand::Undo => Some(KAction::Undo),
                ChromeCommand::Redo => Some(KAction::Redo),
                ChromeCommand::Hint => Some(KAction::Hint),
                _ => None,
            })
            .in_set(set(GameSystems::Input)),
        )
        .describe_game::<KSession>(SCREEN)
        .resumable::<KSession>(SCREEN)
        .help_example::<KSession, _>(SCREEN, logic::restart)
        .daily_challenge::<KSession, _>(SCREEN, logic::restart)
        .add_plugins((logic::plugin, ai::plugin, analysis::plugin));
}

/// Drawing, input and the menu.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((draw_plugin, input::plugin, hud::plugin, sound::plugin));
}

/// The board's drawing alone (runs headless over [`logic_plugin`]).
pub fn draw_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// `--size`, `--k`, `--cells`, `--quality` and `--first` (checked against the rules' limits
/// when the flags were read) set up the first game.
pub(crate) fn apply_launch_options(
    opts: Option<Res<crate::kit::launch::LaunchOptions>>,
    mut session: ResMut<KSession>,
) {
    let Some(setup) = opts
        .filter(|o| o.game.is_none_or(|g| g == SCREEN))
        .map(|o| o.setup.clone())
    else {
        return;
    };
    let mut next = session.setup.clone();
    if setup.size.is_some() || setup.k.is_some() || setup.cells.is_some() {
        let size = setup.size.unwrap_or(next.board.size());
        let k = setup.k.unwrap_or(next.board.k()).min(size);
        match gems_rules::k_in_a_row::Board::new(size, k) {
            Ok(mut board) => {
                let cells = setup.cells.as_deref().unwrap_or("");
                if cells.is_empty()
                    || crate::kit::launch::link::apply_k_cells(&mut board, cells).is_ok()
                {
                    next.board = board;
                }
            }
            Err(e) => tracing::warn!("k in a row: the link's board was refused: {e}"),
        }
    }
    next.strength = setup.quality.unwrap_or(next.strength);
    next.first = setup.first.unwrap_or(next.first);
    if next != session.setup {
        *session = KSession::new(next);
    }
}

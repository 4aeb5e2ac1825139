//! Modern Gems in Bevy. Each gem is an entity with [`Position`](model::Position),
//! [`Kind`](model::Kind) and [`Flag`](model::Flag); the rules game lives in the
//! [`GemsSession`](model::GemsSession) resource and the entities mirror it, animating each move's
//! flagging, removal, falling and column shift.
//!
//! [`logic_plugin`] runs headless (tests, benchmarks); [`view_plugin`] adds drawing, input
//! and menus.

pub mod ai;
pub mod anim;
pub mod coach;
pub mod files;
pub mod hud;
pub mod input;
pub mod link_board;
pub mod logic;
pub mod model;
pub mod records;
pub mod scores;
pub mod sound;
pub mod transition;
pub mod view;
pub mod watch;

use bevy::prelude::*;

use crate::kit::schedule::{AppResources, GameSchedule};
use crate::kit::share::DescribeGame;
use crate::screens::Screen;

use model::{
    ActivePlayer, ActivePolicy, BoardRebuilt, FlagChanged, GemIndex, GemsAction, KeyCursor,
    LastMove, Paused, PendingMove, Selection,
};

/// The order of the Modern Gems systems within a frame (they run while its screen shows).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GemsSystems {
    /// Input systems turn devices into [`GemsAction`]s.
    Input,
    /// The automatic player and the hint start searches and send their answers.
    Ai,
    /// Actions change the rules game.
    Actions,
    /// Transitions animate the change.
    Animate,
    /// Phases advance when their animations end.
    Advance,
    /// The board is drawn and the status reported.
    View,
}

/// Everything Modern Gems needs without a window: the model, actions, transitions, AI, scores.
pub fn logic_plugin(app: &mut App) {
    let session = app
        .world_mut()
        .remove_resource::<model::GemsSession>()
        .unwrap_or_else(logic::default_session);
    app.init_resource::<crate::theme::Theme>()
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
            Paused,
        )>()
        .add_message::<GemsAction>()
        .add_message::<BoardRebuilt>()
        .add_message::<FlagChanged>()
        .game_sets(
            Screen::ModernGems,
            (
                GemsSystems::Input,
                GemsSystems::Ai,
                GemsSystems::Actions,
                GemsSystems::Animate,
                GemsSystems::Advance,
                GemsSystems::View,
            ),
        )
        .describe_game::<model::GemsSession>(Screen::ModernGems)
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
        view::plugin,
        input::plugin,
        hud::plugin,
        sound::plugin,
        records::plugin,
        link_board::plugin,
    ));
}

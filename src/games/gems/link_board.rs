//! A board a link names that only the asset library has (in the browser, the shipped board
//! files such as `standard-5` arrive as assets after the game starts): the game opens on the
//! default board and starts the named one as soon as it has loaded. A name the library does
//! not have, or a file that fails to load, is a notice.

use bevy::asset::LoadState;
use bevy::prelude::*;
use gems_rules::gems::{Player, RemovalPolicy};

use super::boards::{BoardAsset, BoardLibrary};
use super::model::GemsAction;
use crate::kit::settings::Notices;

/// The board the link asked for, still loading.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PendingBoard {
    /// The board's file stem.
    pub name: String,
    /// The rules the link asked for.
    pub policy: RemovalPolicy,
    /// The player the link asked for.
    pub player: Player,
}

/// Starts the pending board once it has loaded.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_pending_board
            .run_if(resource_exists::<PendingBoard>.and_eager(in_state(super::SCREEN))),
    );
}

fn start_pending_board(
    mut commands: Commands,
    pending: Res<PendingBoard>,
    library: Res<BoardLibrary>,
    assets: Res<Assets<BoardAsset>>,
    server: Res<AssetServer>,
    mut notices: ResMut<Notices>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some((_, handle)) = library.boards.iter().find(|(n, _)| *n == pending.name) else {
        if !library.boards.is_empty() {
            notices.warn(format!("Link: no board named '{}'", pending.name));
            commands.remove_resource::<PendingBoard>();
        }
        return;
    };
    if let Some(board) = assets.get(handle) {
        actions.write(GemsAction::NewGame {
            board_name: pending.name.clone(),
            board: board.0.clone(),
            policy: pending.policy,
            player: pending.player,
        });
        commands.remove_resource::<PendingBoard>();
    } else if let Some(LoadState::Failed(e)) = server.get_load_state(handle.id()) {
        notices.warn(format!(
            "Link: the board '{}' could not be loaded: {}",
            pending.name,
            crate::kit::text_asset::loader_message::<gems_rules::gems::BoardParseError>(&e)
        ));
        commands.remove_resource::<PendingBoard>();
    }
}

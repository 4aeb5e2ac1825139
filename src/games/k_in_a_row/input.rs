//! The mouse on K in a row's board: a click places a tile, or toggles an unavailable square
//! while the board is being edited.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use gems_rules::k_in_a_row::Move;

use super::model::{KAction, KSession};
use super::view::KLayout;
use crate::kit::pointer::WorldPointer;

/// Reads the mouse.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (click).in_set(super::set(GameSystems::Input)));
}

fn click(
    pointer: WorldPointer,
    layout: Res<KLayout>,
    session: Res<KSession>,
    mut actions: MessageWriter<KAction>,
) {
    let Some(world) = pointer.click() else {
        return;
    };
    if let Some((r, c)) = layout.cell_at(world) {
        actions.write(if session.editing {
            KAction::ToggleUnavailable(r, c)
        } else {
            KAction::Place(Move::new(r, c))
        });
    }
}

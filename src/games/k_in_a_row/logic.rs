//! K in a row's logic: actions change the rules' game (every move goes through `Game::play`),
//! the phase follows the rules, and the screen reports when it waits for the player.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::k_in_a_row::{Cell, Side, Status, Strength};

use super::ai::{KThinking, KThinkingExt};
use super::model::{KAction, KFileStatus, KPhase, KSession, Setup, load_board_file};
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::ViewArea;
use crate::kit::phase::PhaseOf;
use crate::kit::scores::HighScores;
use crate::kit::screens::ScreenStatus;

/// Applies actions, keeps the phase, reports the status.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(super::SCREEN), restart)
        .add_systems(OnEnter(KPhase::Over), finish)
        .add_systems(
            Update,
            (apply_actions, follow_rules)
                .chain()
                .in_set(super::set(GameSystems::Actions)),
        )
        .add_systems(
            Update,
            (follow_rules, report_status)
                .chain()
                .in_set(super::set(GameSystems::Advance)),
        );
}

/// On entering the screen: the game in play (or the one resumed at start) goes on; a search
/// left running is dropped (the computer starts its turn again).
pub(super) fn restart(mut session: ResMut<KSession>, mut thinking: ResMut<KThinking>) {
    session.generation.bump();
    thinking.cancel();
}

fn apply_actions(
    mut actions: MessageReader<KAction>,
    mut session: ResMut<KSession>,
    mut thinking: ResMut<KThinking>,
    mut file_status: ResMut<KFileStatus>,
    mut notices: ResMut<crate::kit::settings::Notices>,
    time: Res<Time>,
) {
    for action in actions.read() {
        match action {
            KAction::Place(mv) | KAction::Computer(mv) => {
                let side = match action {
                    KAction::Place(_) => Side::Human,
                    _ => Side::Computer,
                };
                let humans_wait = side == Side::Human && thinking.computer_busy();
                if session.editing || humans_wait || session.game.to_move() != side {
                    continue;
                }
                let placed = session.place(*mv, side, Some(time.elapsed_secs()));
                if placed && thinking.busy() && !thinking.computer_busy() {
                    // A hint for the position before this move is no use now.
                    thinking.cancel();
                }
            }
            KAction::Undo | KAction::Redo => {
                if !session.editing && session.step_history(*action == KAction::Undo) {
                    thinking.cancel();
                }
            }
            KAction::Hint => {}
            KAction::ToggleUnavailable(r, c) => {
                let (r, c) = (*r, *c);
                let mut board = session.setup.board;
                let Some(cell) = board.get(r, c) else {
                    continue;
                };
                if !session.game.moves().is_empty() {
                    continue;
                }
                board.set(
                    r,
                    c,
                    if cell == Cell::Unavailable {
                        Cell::Empty
                    } else {
                        Cell::Unavailable
                    },
                );
                let mut setup = session.setup.clone();
                setup.board = board;
                let editing = session.editing;
                *session = KSession::new(setup);
                session.editing = editing;
                thinking.cancel();
            }
            KAction::NewGame(setup) => {
                *session = KSession::new(setup.clone());
                thinking.cancel();
            }
            KAction::LoadFile(path) => match load_board_file(path) {
                Ok(file) => {
                    let setup = Setup {
                        board: file.board,
                        strength: Strength::Quality(file.quality),
                        first: session.setup.first,
                    };
                    *session = KSession::new(setup);
                    thinking.cancel();
                    file_status.0 = Some(Ok(path.display().to_string()));
                }
                Err(e) => {
                    let text = format!("Could not load {}: {e}", path.display());
                    notices.warn(text.clone());
                    file_status.0 = Some(Err(text));
                }
            },
        }
    }
}

/// A finished game enters the person's win/draw/loss record for its board, and a win is
/// celebrated.
fn finish(
    session: Res<KSession>,
    area: Res<ViewArea>,
    mut scores: ResMut<HighScores>,
    mut fx: FxWriters,
) {
    let result = match session.game.status() {
        Status::Won(Side::Human) => {
            fx.celebrate(Celebration::Won, area.middle());
            "won"
        }
        Status::Won(Side::Computer) => "lost",
        Status::Draw => "drawn",
        Status::InProgress => return,
    };
    if session.history.used() {
        // A game that took moves back enters no record.
        return;
    }
    scores.count(&format!("{}|{result}", session.record_key()));
}

/// The phase follows the rules' game (after the actions, so the computer starts thinking in
/// the frame the person moved, and again after the computer's move).
fn follow_rules(session: Res<KSession>, mut phase: PhaseOf<KPhase>) {
    phase.set(KPhase::of(&session.game));
}

/// Settled while the player is to move (or the game is over) and no tile is still growing.
fn report_status(
    session: Res<KSession>,
    thinking: Res<KThinking>,
    phase: PhaseOf<KPhase>,
    time: Res<Time>,
    mut status: ResMut<ScreenStatus>,
) {
    let calm = !thinking.busy()
        && phase.get() != KPhase::ComputerTurn
        && session.animations_done(time.elapsed_secs());
    status.report(calm, calm && phase.get() == KPhase::Over);
}

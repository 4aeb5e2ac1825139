//! The computer player: its search runs as a kit AI job ([`crate::kit::ai`]): whole on a
//! worker thread on the desktop, a slice per frame on the web, inline in tests.

use std::time::Duration;

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::k_in_a_row::{Board, Engine, Limits, Move, Side, SlicedSearch, Status, Strength};

use super::model::{KAction, KPhase, KSession, PERFECT_TIME, QUALITY_TIME};
use crate::kit::ai::{AddAi, AiHost, AiSlot, AiWork, Cancel};
use crate::kit::phase::PhaseOf;

/// The computer's search for its move: whole on a thread, or a slice per frame.
pub struct ComputerSearch {
    board: Board,
    strength: Strength,
    limits: Limits,
    sliced: Option<Box<SlicedSearch>>,
}

impl ComputerSearch {
    /// A search of the computer's move on `board`: a perfect search stops after `nodes`
    /// positions when given, else after [`PERFECT_TIME`]; a quality search runs to its depth,
    /// or for [`QUALITY_TIME`] at most without a node limit.
    pub fn new(board: Board, strength: Strength, nodes: Option<u64>) -> Self {
        let time = nodes.is_none().then_some(match strength {
            Strength::Perfect => PERFECT_TIME,
            Strength::Quality(_) => QUALITY_TIME,
        });
        ComputerSearch {
            board,
            strength,
            limits: Limits {
                time,
                cancel: Cancel::never(),
                nodes,
            },
            sliced: None,
        }
    }

    fn engine() -> Engine {
        Engine::with_table_bits(18)
    }
}

impl AiWork for ComputerSearch {
    type Output = Option<Move>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        let (board, strength, time) = (self.board, self.strength, self.limits.time);
        self.sliced
            .get_or_insert_with(|| {
                Box::new(SlicedSearch::new(
                    Self::engine(),
                    board,
                    Side::Computer,
                    strength,
                    time,
                ))
            })
            .step(slice)
    }

    fn finish(self, cancel: &Cancel) -> Self::Output {
        let limits = Limits {
            cancel: cancel.clone(),
            ..self.limits
        };
        Self::engine()
            .best_move(&self.board, Side::Computer, self.strength, &limits)
            .best
    }
}

/// The computer's running search, if any (its presence is the "thinking" indicator).
pub type KThinking = AiSlot<ComputerSearch>;

/// A node limit for the computer's perfect search instead of [`PERFECT_TIME`] (tests set it,
/// so that a game replays exactly).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KNodeLimit(pub Option<u64>);

/// Starts the computer's search on its turn, and sends its answer as the game's action.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KNodeLimit>()
        .add_ai::<ComputerSearch, (), KSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (start_computer, finish_computer),
        );
}

fn start_computer(
    phase: PhaseOf<KPhase>,
    session: Res<KSession>,
    host: Res<AiHost>,
    nodes: Res<KNodeLimit>,
    mut thinking: ResMut<KThinking>,
) {
    if thinking.busy()
        || phase.get() != KPhase::ComputerTurn
        || session.editing
        || session.game.status() != Status::InProgress
        || session.game.to_move() != Side::Computer
    {
        return;
    }
    let work = ComputerSearch::new(*session.game.board(), session.setup.strength, nodes.0);
    thinking.start(&host, work, session.generation, ());
}

fn finish_computer(
    session: Res<KSession>,
    mut thinking: ResMut<KThinking>,
    mut actions: MessageWriter<KAction>,
) {
    let Some(((), answer)) = thinking.poll_fresh(session.generation) else {
        return;
    };
    if let Some(mv) = answer {
        actions.write(KAction::Computer(mv));
    }
}

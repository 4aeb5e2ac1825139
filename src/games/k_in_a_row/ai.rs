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
    side: Side,
    strength: Strength,
    limits: Limits,
    sliced: Option<Box<SlicedSearch>>,
}

impl ComputerSearch {
    /// A search of the computer's move on `board`: a perfect search stops after `nodes`
    /// positions when given, else after [`PERFECT_TIME`]; a quality search runs to its depth,
    /// or for [`QUALITY_TIME`] at most without a node limit.
    pub fn new(board: Board, strength: Strength, nodes: Option<u64>) -> Self {
        Self::for_side(board, Side::Computer, strength, nodes)
    }

    /// The same search for `side`'s move (the person's, for a hint).
    pub fn for_side(board: Board, side: Side, strength: Strength, nodes: Option<u64>) -> Self {
        let time = nodes.is_none().then_some(match strength {
            Strength::Perfect => PERFECT_TIME,
            Strength::Quality(_) => QUALITY_TIME,
        });
        ComputerSearch {
            board,
            side,
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
        // The daily's size: a node-budget search then replies as the server's replay does.
        Engine::with_table_bits(gems_rules::daily::K_IN_A_ROW_TABLE_BITS)
    }
}

impl AiWork for ComputerSearch {
    type Output = Option<Move>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        if self.limits.nodes.is_some() {
            // A node budget is what makes a search replay exactly (a daily's, a test's), and
            // slices stop by time: such a search runs whole, in one frame.
            return Some(
                Self::engine()
                    .best_move(&self.board, self.side, self.strength, &self.limits)
                    .best,
            );
        }
        let (board, side, strength, time) =
            (self.board, self.side, self.strength, self.limits.time);
        self.sliced
            .get_or_insert_with(|| {
                Box::new(SlicedSearch::new(
                    Self::engine(),
                    board,
                    side,
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
            .best_move(&self.board, self.side, self.strength, &limits)
            .best
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KPurpose {
    /// The computer's move.
    Play,
    /// The person's best move, shown as a hint.
    Hint,
}

/// The running search, if any, with what it is for (a computer's search is the "thinking"
/// indicator).
pub type KThinking = AiSlot<ComputerSearch, KPurpose>;

/// What the slot's running search is for.
pub trait KThinkingExt {
    /// Whether the computer is searching for its move (a hint's search lets the person play).
    fn computer_busy(&self) -> bool;
}

impl KThinkingExt for KThinking {
    fn computer_busy(&self) -> bool {
        self.0.as_ref().is_some_and(|j| j.purpose == KPurpose::Play)
    }
}

/// A node limit for the computer's perfect search instead of [`PERFECT_TIME`] (tests set it,
/// so that a game replays exactly).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KNodeLimit(pub Option<u64>);

/// Starts the computer's search on its turn and the hint's when asked, and sends the
/// computer's answer as the game's action (a hint's goes on the board).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KNodeLimit>()
        .add_ai::<ComputerSearch, KPurpose, KSession, _>(
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
    mut asked: MessageReader<KAction>,
    daily: Option<Res<crate::kit::daily::DailyRuns>>,
) {
    // A daily's computer searches by nodes, never by time, so that a replay of the day's
    // moves gets the same replies on every machine.
    let daily = daily.is_some_and(|d| d.assists_off(super::SCREEN));
    let nodes = if daily {
        KNodeLimit(Some(gems_rules::daily::K_IN_A_ROW_NODES))
    } else {
        *nodes
    };
    let wants_hint = asked.read().any(|a| *a == KAction::Hint);
    if thinking.busy()
        || session.editing
        || session.game.status() != Status::InProgress
        || phase.get() == KPhase::Over
    {
        return;
    }
    let board = *session.game.board();
    let strength = session.setup.strength;
    if phase.get() == KPhase::ComputerTurn && session.game.to_move() == Side::Computer {
        let work = ComputerSearch::new(board, strength, nodes.0);
        thinking.start(&host, work, session.generation, KPurpose::Play);
    } else if wants_hint && session.game.to_move() == Side::Human {
        let work = ComputerSearch::for_side(board, Side::Human, strength, nodes.0);
        thinking.start(&host, work, session.generation, KPurpose::Hint);
    }
}

fn finish_computer(
    mut session: ResMut<KSession>,
    mut thinking: ResMut<KThinking>,
    mut actions: MessageWriter<KAction>,
) {
    let Some((purpose, answer)) = thinking.poll_fresh(session.generation) else {
        return;
    };
    match (purpose, answer) {
        (KPurpose::Play, Some(mv)) => {
            actions.write(KAction::Computer(mv));
        }
        (KPurpose::Hint, Some(mv)) => session.hint = Some(mv),
        (_, None) => {}
    }
}

//! The computer player: its search runs as a kit AI job ([`crate::kit::ai`]): on a worker
//! thread on the desktop, in the AI worker in the browser, inline in tests.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::k_in_a_row::{Board, Side, Status, Strength};

use super::model::{KAction, KPhase, KSession, PERFECT_TIME, QUALITY_TIME};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};
use crate::kit::phase::PhaseOf;

/// The search of `side`'s move on `board`: a perfect search stops after `nodes` positions
/// when given, else after [`PERFECT_TIME`]; a quality search runs to its depth, or for
/// [`QUALITY_TIME`] at most without a node limit. (The engine's table has the daily's size,
/// so a node-budget search replies as the server's replay does.)
pub fn move_job(board: &Board, side: Side, strength: Strength, nodes: Option<u64>) -> Job {
    let time = nodes.is_none().then_some(match strength {
        Strength::Perfect => PERFECT_TIME,
        Strength::Quality(_) => QUALITY_TIME,
    });
    Job::k_in_a_row_move(board, side, strength, time, nodes)
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
pub type KThinking = AiSlot<KPurpose>;

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
        .add_ai::<KPurpose, KSession, _>(
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
        let job = move_job(&board, Side::Computer, strength, nodes.0);
        thinking.start(&host, job, session.generation, KPurpose::Play);
    } else if wants_hint && session.game.to_move() == Side::Human {
        let job = move_job(&board, Side::Human, strength, nodes.0);
        thinking.start(&host, job, session.generation, KPurpose::Hint);
    }
}

fn finish_computer(
    mut session: ResMut<KSession>,
    mut thinking: ResMut<KThinking>,
    mut actions: MessageWriter<KAction>,
) {
    let Some((purpose, Answer::KInARowMove(answer))) = thinking.poll_fresh(session.generation)
    else {
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

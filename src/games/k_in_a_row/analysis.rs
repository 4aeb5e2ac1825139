//! "Analyse": on the person's turn, each empty square is coloured by what playing there is
//! worth to them: proven (win, draw, loss) where a proof finishes, else the engine's estimate,
//! labelled as such. The work (`SquareAnalysis` in the rules crate) runs as a kit AI job of
//! its own, in the background: started for the position on show, cancelled when that position
//! changes, and, like the game's other searches, when a new game starts or the screen is left.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::k_in_a_row::{Board, Move, Outcome, Side, SquareValue, Status};

use super::model::{KPhase, KSession};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};
use crate::kit::phase::PhaseOf;
use crate::kit::schedule::GameSystems;

/// How long the proofs of one position may take, over all its squares.
pub const ANALYSIS_TIME: Duration = Duration::from_secs(3);
/// The evaluation of a square no proof settled: plies, and nodes at most.
const ESTIMATE: (u32, u64) = (2, 3_000);
/// Boards of at most this many squares are proven first (larger ones cannot finish a proof
/// from a nearly empty board, so they go straight to the estimate).
const PROOF_SQUARES: usize = 64;

/// The analysis toggle and what it shows.
#[derive(Resource, Clone, Debug, Default)]
pub struct KAnalysis {
    /// Whether the person asked for it (the panel's "Analyse" box).
    pub on: bool,
    /// The position the values are for (the board, and the player to move).
    pub position: Option<(Board, Side)>,
    /// Each empty square's value for the player to move, in row-major order.
    pub values: Vec<(Move, SquareValue)>,
}

impl KAnalysis {
    /// The values to show on `board` with `to_move` to play: none unless they are for it.
    pub fn for_position(&self, board: &Board, to_move: Side) -> &[(Move, SquareValue)] {
        if self.on && self.position == Some((*board, to_move)) {
            &self.values
        } else {
            &[]
        }
    }

    /// Whether every value shown is proven (else some are the engine's estimates).
    pub fn all_proven(&self) -> bool {
        self.values
            .iter()
            .all(|(_, v)| matches!(v, SquareValue::Proven(_)))
    }

    /// How many squares hold a proven win, draw and loss.
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |o: Outcome| {
            self.values
                .iter()
                .filter(|(_, v)| *v == SquareValue::Proven(o))
                .count()
        };
        (
            count(Outcome::Win),
            count(Outcome::Draw),
            count(Outcome::Loss),
        )
    }
}

/// The analysis job of `board` for `to_move`: proofs first where the board is small enough,
/// then the engine's estimate for the squares left unproven.
pub fn analysis_job(board: &Board, to_move: Side) -> Job {
    let proofs = board.size() * board.size() <= PROOF_SQUARES;
    Job::k_in_a_row_squares(board, to_move, Some(ANALYSIS_TIME), proofs, Some(ESTIMATE))
}

/// The running analysis, with the position it is for.
pub type KAnalysisSlot = AiSlot<(Board, Side)>;

/// Runs the analysis when asked for, on the person's turn.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KAnalysis>()
        .add_ai::<(Board, Side), KSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (start_analysis, finish_analysis),
        );
}

/// Starts the analysis of the position on show when it is the person's turn and the values
/// are for another position; cancels one running for a position no longer on show.
fn start_analysis(
    phase: PhaseOf<KPhase>,
    session: Res<KSession>,
    host: Res<AiHost>,
    analysis: Res<KAnalysis>,
    mut slot: ResMut<KAnalysisSlot>,
    daily: Option<Res<crate::kit::daily::DailyRuns>>,
) {
    // A daily is played without assists.
    let daily = daily.is_some_and(|d| d.assists_off(super::SCREEN));
    let game = &session.game;
    let wanted = (analysis.on
        && !daily
        && !session.editing
        && phase.get() == KPhase::HumanTurn
        && game.status() == Status::InProgress)
        .then_some((*game.board(), game.to_move()));
    let running = slot.0.as_ref().map(|job| job.purpose);
    if running.is_some() && running != wanted {
        slot.cancel();
    }
    if let Some(position) = wanted
        && analysis.position != Some(position)
        && !slot.busy()
    {
        let job = analysis_job(&position.0, position.1);
        slot.start(&host, job, session.generation, position);
    }
}

/// Takes the finished analysis's values.
fn finish_analysis(
    session: Res<KSession>,
    mut slot: ResMut<KAnalysisSlot>,
    mut analysis: ResMut<KAnalysis>,
) {
    if let Some((position, Answer::KInARowSquares(values))) = slot.poll_fresh(session.generation) {
        analysis.position = Some(position);
        analysis.values = values;
    }
}

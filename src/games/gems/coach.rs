//! The Expert as a coach. A hint is the first move of the line the Expert finds from the board
//! in a short search; when a game ends, the Expert plays the same start under the same rules
//! for a few seconds, and the game-over window shows its score beside the player's, with "Show
//! me" to watch its line. Both run as the kit's AI jobs (on worker threads on the desktop, in
//! the AI worker in the browser), so a frame never waits.

use std::time::Duration;

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::{Board, Budget, Cell, Line, Player, RemovalPolicy};

use super::model::{GemsAction, GemsSession, KeyCursor, Phase};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Generation, Job};

/// The Expert's search of `board` under `policy` for `budget`, from scratch (no plan).
fn expert_job(board: &Board, policy: RemovalPolicy, budget: Duration) -> Job {
    Job::gems_line(board, policy, Player::Expert, Budget::Time(budget), None)
}

/// What a hint job is for (the purpose of its [`AiSlot`]).
#[derive(Debug)]
pub struct HintJob;

/// What a coach job is for (the purpose of its [`AiSlot`]).
#[derive(Debug)]
pub struct CoachJob;

/// The running hint search, if any.
pub type HintAi = AiSlot<HintJob>;

/// The running coach search, if any.
pub type CoachAi = AiSlot<CoachJob>;

/// The latest hint: the Expert's move, shown until the board changes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The suggested cell.
    pub cell: Option<Cell>,
    /// Generation it belongs to.
    pub generation: Option<Generation>,
}

/// How long the Expert thinks for a hint and as the coach.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoachBudget {
    /// A hint's search.
    pub hint: Duration,
    /// The coach's game from the start.
    pub game: Duration,
}

impl Default for CoachBudget {
    fn default() -> Self {
        CoachBudget {
            hint: Duration::from_millis(500),
            game: Duration::from_secs(3),
        }
    }
}

/// The coach's game for the finished game at `generation`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Coach {
    /// The finished game's generation the coach is playing (or played) for.
    pub generation: Option<Generation>,
    /// The Expert's line from the start, once found.
    pub line: Option<Line>,
}

/// Hints and the coach.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .init_resource::<Coach>()
        .init_resource::<CoachBudget>()
        .add_ai::<HintJob, GemsSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (start_hint.run_if(in_state(Phase::Idle)), finish_hint),
        )
        .add_ai::<CoachJob, GemsSession, _>(super::SCREEN, super::set(GameSystems::Ai), coach)
        .add_systems(OnExit(super::SCREEN), forget_the_coach);
}

/// Leaving the screen forgets the coach's game (the kit has cancelled its search, so it never
/// holds a worker thread another game's computer player is waiting for); it starts again on
/// return.
fn forget_the_coach(mut coach: ResMut<Coach>) {
    *coach = Coach::default();
}

fn start_hint(
    mut actions: MessageReader<GemsAction>,
    mut session: ResMut<GemsSession>,
    budget: Res<CoachBudget>,
    host: Res<AiHost>,
    mut ai: ResMut<HintAi>,
) {
    if actions.read().any(|a| *a == GemsAction::Hint) && !session.game.is_over() {
        session.mark_hinted();
        let job = expert_job(session.game.board(), session.game.policy(), budget.hint);
        ai.start(&host, job, session.generation, HintJob);
    }
}

/// Shows the hint if it is still for this board: the cursor goes to it and its group lights up.
fn finish_hint(
    session: Res<GemsSession>,
    mut ai: ResMut<HintAi>,
    mut hint: ResMut<Hint>,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some((_, Answer::Line(line))) = ai.poll_fresh(session.generation) else {
        return;
    };
    let cell = line.moves.first().copied();
    *hint = Hint {
        cell,
        generation: Some(session.generation),
    };
    if let Some(cell) = cell {
        cursor.cell = cell;
        cursor.visible = true;
        actions.write(GemsAction::Hover(Some(cell)));
    }
}

/// Starts the coach when a game the player played ends, collects its line, and forgets it
/// when the game moves on (undo, a new game).
fn coach(
    phase: Res<State<Phase>>,
    session: Res<GemsSession>,
    budget: Res<CoachBudget>,
    host: Res<AiHost>,
    mut coach: ResMut<Coach>,
    mut ai: ResMut<CoachAi>,
) {
    if let Some((_, Answer::Line(line))) = ai.poll_fresh(session.generation) {
        coach.line = Some(line);
    }
    let over = *phase.get() == Phase::Over && !session.watched;
    if !over {
        if coach.generation.is_some() {
            ai.cancel();
            *coach = Coach::default();
        }
        return;
    }
    if coach.generation == Some(session.generation) {
        return;
    }
    ai.cancel();
    *coach = Coach {
        generation: Some(session.generation),
        line: None,
    };
    let job = expert_job(&session.start, session.game.policy(), budget.game);
    ai.start(&host, job, session.generation, CoachJob);
}

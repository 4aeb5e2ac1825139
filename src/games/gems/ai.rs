//! Automatic players. Their searches run as the kit's AI jobs ([`crate::kit::ai`]), so a
//! frame never waits for them; their answers come back as the same [`GemsAction::Select`] a
//! click sends. (Hints and the coach: [`super::coach`].)

use bevy::prelude::*;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::{Computer, Player};

use super::model::Phase;
use super::model::{GemsAction, GemsSession};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};
use crate::kit::status::MoveSettled;

/// How the automatic player is driven.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Autoplay {
    /// Move on its own, without waiting for the "Step" button.
    pub enabled: bool,
    /// Seconds to wait after a move settles before the next one starts.
    pub delay: f32,
    /// One move requested with the "Step" button.
    pub step: bool,
    /// Seconds the board has been settled, waiting.
    pub waited: f32,
    /// While true (e.g. a screenshot is pending), the AI does not start a move.
    pub hold: bool,
}

impl Default for Autoplay {
    fn default() -> Self {
        Self {
            enabled: true,
            delay: 0.35,
            step: false,
            waited: 0.0,
            hold: false,
        }
    }
}

/// The computer that plays the automatic players' moves: it holds the Expert's budget and the
/// plans it remembers from one move to the next (tests give it a node budget, so games replay
/// exactly). The searches run as the kit's jobs; the plans are kept here, on the page.
#[derive(Resource, Clone, Debug, Default)]
pub struct GemsComputer(pub Computer);

/// What an automatic player's search is for: the move of this player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoMove(pub Player);

/// The running search for the automatic player's move, if any (its presence is the
/// "thinking" indicator).
pub type GemsAi = AiSlot<AutoMove>;

/// Drives automatic players.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .init_resource::<GemsComputer>()
        .add_ai::<AutoMove, GemsSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (start_ai_move.run_if(in_state(Phase::Idle)), finish_search),
        );
}

/// Starts a search for the session's player on the current board (the Expert's from the plan
/// it remembers for this board, if any).
fn start_search(session: &GemsSession, computer: &GemsComputer, host: &AiHost, ai: &mut GemsAi) {
    let (board, policy) = (session.game.board(), session.game.policy());
    let player = session.game.player();
    let expert = &computer.0.expert;
    let job = Job::gems_line(
        board,
        policy,
        player,
        expert.budget,
        expert.plan(board, policy).cloned(),
    );
    ai.start(host, job, session.generation, AutoMove(player));
}

fn start_ai_move(
    time: Res<Time>,
    paused: Res<Paused>,
    session: Res<GemsSession>,
    computer: Res<GemsComputer>,
    host: Res<AiHost>,
    mut autoplay: ResMut<Autoplay>,
    mut ai: ResMut<GemsAi>,
    mut settled: MessageReader<MoveSettled>,
) {
    if settled.read().any(|m| m.game == super::SCREEN) {
        autoplay.waited = 0.0;
    }
    let player = session.game.player();
    if paused.0 || player.is_human() || ai.busy() || autoplay.hold {
        return;
    }
    if !(autoplay.enabled || autoplay.step) {
        return;
    }
    autoplay.waited += time.delta_secs();
    if autoplay.waited < autoplay.delay && !autoplay.step {
        return;
    }
    autoplay.step = false;
    autoplay.waited = 0.0;
    start_search(&session, &computer, &host, &mut ai);
}

/// Plays the automatic player's answer if it is still for this board.
fn finish_search(
    session: Res<GemsSession>,
    mut ai: ResMut<GemsAi>,
    mut computer: ResMut<GemsComputer>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some((AutoMove(player), Answer::Line(line))) = ai.poll_fresh(session.generation) else {
        return;
    };
    // The Expert remembers the rest of its line for the next move's search.
    let (board, policy) = (session.game.board(), session.game.policy());
    let cell = match player {
        Player::Expert => computer.0.expert.adopt(board, policy, &line),
        _ => line.moves.first().copied(),
    };
    if let Some(cell) = cell {
        actions.write(GemsAction::Select(cell));
    }
}

//! Automatic players. Their searches run as the kit's AI jobs ([`crate::kit::ai`]), so a
//! frame never waits for them; their answers come back as the same [`GemsAction::Select`] a
//! click sends. (Hints and the coach: [`super::coach`].)

use bevy::prelude::*;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::{Cell, Computer};

use super::model::Phase;
use super::model::{GemsAction, GemsSession};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Cancel, Once};
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
/// exactly).
#[derive(Resource, Clone, Debug, Default)]
pub struct GemsComputer(pub Computer);

/// A search's answer: the move, and the computer with what it learnt while searching.
pub type Answer = (Option<Cell>, Computer);

/// The running search for the automatic player's move, if any (its presence is the
/// "thinking" indicator).
pub type GemsAi = AiSlot<Once<Answer>>;

/// Drives automatic players.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .init_resource::<GemsComputer>()
        .add_ai::<Once<Answer>, (), GemsSession, _>(
            super::SCREEN,
            super::set(GameSystems::Ai),
            (start_ai_move.run_if(in_state(Phase::Idle)), finish_search),
        );
}

/// Starts a search for the session's player on the current board.
fn start_search(session: &GemsSession, computer: &GemsComputer, host: &AiHost, ai: &mut GemsAi) {
    let board = session.game.board().clone();
    let policy = session.game.policy();
    let player = session.game.player();
    let mut computer = computer.0.clone();
    let work = Once::new(move |cancel: &Cancel| {
        let cell = computer.choose_move_until(player, &board, policy, cancel);
        (cell, computer)
    });
    ai.start(host, work, session.generation, ());
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
    let Some(((), (answer, learnt))) = ai.poll_fresh(session.generation) else {
        return;
    };
    computer.0 = learnt;
    if let Some(cell) = answer {
        actions.write(GemsAction::Select(cell));
    }
}

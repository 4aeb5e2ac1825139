//! Automatic players and hints. Searches run as the kit's AI jobs ([`crate::kit::ai`]), so a
//! frame never waits for them; their answers come back as the same [`GemsAction::Select`] a
//! click sends.

use bevy::prelude::*;
use gems_rules::gems::{Cell, Computer, greedy_move};

use super::GemsSystems;
use super::model::Phase;
use super::model::{GemsAction, GemsSession, KeyCursor, Paused};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Once};
use crate::kit::status::MoveSettled;
use crate::screens::Screen;

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

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The automatic player's next move.
    Play,
    /// A hint to show.
    Hint,
}

/// The computer that plays the automatic players' moves: it holds the Expert's budget and the
/// plans it remembers from one move to the next (tests give it a node budget, so games replay
/// exactly).
#[derive(Resource, Clone, Debug, Default)]
pub struct GemsComputer(pub Computer);

/// A search's answer: the move, and the computer with what it learnt while searching.
pub type Answer = (Option<Cell>, Computer);

/// The running search, if any: the automatic player's move or a hint (its presence with
/// [`Purpose::Play`] is the "thinking" indicator).
pub type GemsAi = AiSlot<Once<Answer>, Purpose>;

/// The latest hint: the greedy move, shown until the board changes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The suggested cell.
    pub cell: Option<Cell>,
    /// Generation it belongs to.
    pub generation: u64,
}

/// Drives automatic players and hints.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .init_resource::<GemsComputer>()
        .init_resource::<Hint>()
        .add_ai::<Once<Answer>, Purpose, _>(
            GemsSystems::Ai,
            (
                (start_ai_move, start_hint).run_if(in_state(Phase::Idle)),
                finish_search,
            ),
        );
}

/// Starts a search for the session's player (or, for a hint, the greedy move) on the current
/// board.
fn start_search(
    session: &GemsSession,
    computer: &GemsComputer,
    host: AiHost,
    ai: &mut GemsAi,
    purpose: Purpose,
) {
    let board = session.game.board().clone();
    let policy = session.game.policy();
    let player = session.game.player();
    let mut computer = computer.0.clone();
    let work = Once::new(move || {
        let cell = match purpose {
            Purpose::Play => computer.choose_move(player, &board, policy),
            Purpose::Hint => greedy_move(&board, policy),
        };
        (cell, computer)
    });
    ai.start(host, work, session.generation, purpose);
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
    if settled.read().any(|m| m.game == Screen::ModernGems) {
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
    start_search(&session, &computer, *host, &mut ai, Purpose::Play);
}

fn start_hint(
    mut actions: MessageReader<GemsAction>,
    session: Res<GemsSession>,
    computer: Res<GemsComputer>,
    host: Res<AiHost>,
    mut ai: ResMut<GemsAi>,
) {
    if actions.read().any(|a| *a == GemsAction::Hint) {
        start_search(&session, &computer, *host, &mut ai, Purpose::Hint);
    }
}

/// Plays the automatic player's answer, or shows the hint, if it is still for this board.
fn finish_search(
    session: Res<GemsSession>,
    mut ai: ResMut<GemsAi>,
    mut computer: ResMut<GemsComputer>,
    mut hint: ResMut<Hint>,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some((purpose, (answer, learnt))) = ai.poll_fresh(session.generation) else {
        return;
    };
    computer.0 = learnt;
    match (purpose, answer) {
        (Purpose::Play, Some(cell)) => {
            actions.write(GemsAction::Select(cell));
        }
        (Purpose::Play, None) => {}
        (Purpose::Hint, answer) => {
            *hint = Hint {
                cell: answer,
                generation: session.generation,
            };
            if let Some(cell) = answer {
                cursor.cell = cell;
                cursor.visible = true;
                actions.write(GemsAction::Hover(Some(cell)));
            }
        }
    }
}

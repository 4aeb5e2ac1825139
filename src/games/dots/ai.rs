//! The computer player and hints: the rules' planner runs as a kit AI job
//! ([`crate::kit::ai`]), never blocking a frame; its answer becomes a [`DotsAction::Play`] or the shown hint.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::{DotsAction, DotsHint, DotsPhase, DotsSession};
use crate::kit::ai::{AddAi, AiHost, AiSlot, Answer, Job};
use crate::kit::phase::PhaseOf;

/// Whether the computer plays, and how fast.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct DotsAutoplay {
    /// The planner plays every move.
    pub enabled: bool,
    /// Seconds to wait on an idle board before each move.
    pub delay: f32,
    /// Seconds waited so far.
    pub waited: f32,
}

impl Default for DotsAutoplay {
    fn default() -> Self {
        Self {
            enabled: false,
            delay: 0.3,
            waited: 0.0,
        }
    }
}

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Autoplay's next move.
    Play,
    /// A hint to show.
    Hint,
}

/// The search in flight, if any, with its purpose (the kit drops it once the board moves on:
/// every move is a new generation).
pub type DotsSearch = AiSlot<Purpose>;

/// Starts and collects searches.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DotsAutoplay>()
        .add_ai::<Purpose, DotsSession, _>(
            super::SCREEN,
            super::set(GameSystems::Input),
            (start_search, finish_search),
        );
}

fn spawn(session: &DotsSession, host: &AiHost, search: &mut DotsSearch, purpose: Purpose) {
    let moves_left = session.game.moves_left();
    let seed = session.game.seed() ^ (u64::from(moves_left) << 32) ^ session.game.score();
    let job = Job::dots_plan(session.game.board(), moves_left, seed);
    search.start(host, job, session.generation, purpose);
}

/// Starts autoplay's next search, or the hint asked for.
pub(super) fn start_search(
    time: Res<Time>,
    phase: PhaseOf<DotsPhase>,
    session: Res<DotsSession>,
    host: Res<AiHost>,
    mut autoplay: ResMut<DotsAutoplay>,
    mut search: ResMut<DotsSearch>,
    mut actions: MessageReader<DotsAction>,
) {
    let wants_hint = actions.read().any(|a| *a == DotsAction::Hint);
    if phase.get() != DotsPhase::Idle || search.busy() || session.game.is_over() {
        autoplay.waited = 0.0;
        return;
    }
    if wants_hint {
        spawn(&session, &host, &mut search, Purpose::Hint);
        return;
    }
    if !autoplay.enabled {
        return;
    }
    autoplay.waited += time.delta_secs();
    if autoplay.waited >= autoplay.delay {
        autoplay.waited = 0.0;
        spawn(&session, &host, &mut search, Purpose::Play);
    }
}

fn finish_search(
    session: Res<DotsSession>,
    phase: PhaseOf<DotsPhase>,
    mut search: ResMut<DotsSearch>,
    mut hint: ResMut<DotsHint>,
    mut actions: MessageWriter<DotsAction>,
) {
    let Some((purpose, Answer::DotsPlan(answer))) = search.poll_fresh(session.generation) else {
        return;
    };
    let Some((path, points)) = answer.filter(|_| phase.get() == DotsPhase::Idle) else {
        return;
    };
    match purpose {
        Purpose::Play => {
            actions.write(DotsAction::Play(path));
        }
        Purpose::Hint => *hint = DotsHint { path, points },
    }
}

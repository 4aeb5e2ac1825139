//! The computer player and hints: the rules' [`Planner`] runs on the `AsyncComputeTaskPool`,
//! never blocking a frame; its answer becomes a [`DotsAction::Play`] or the shown hint.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gems_rules::dots::{Planner, Point};

use super::logic::DotsSystems;
use super::model::{DotsAction, DotsHint, DotsPhase, DotsSession};

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

/// A search running on the task pool.
pub struct Search {
    /// The planner at work: the selection order and the dots it removes.
    pub task: Task<Option<(Vec<Point>, usize)>>,
    /// The session generation it was started for.
    pub generation: u64,
    /// Moves left when it started (a different value means the board moved on).
    pub moves_left: u32,
    /// Play or hint.
    pub purpose: Purpose,
}

/// The search in flight, if any.
#[derive(Resource, Default)]
pub struct DotsSearch(pub Option<Search>);

/// Starts and collects searches.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DotsAutoplay>()
            .init_resource::<DotsSearch>()
            .add_systems(
                Update,
                (start_search, finish_search)
                    .chain()
                    .in_set(DotsSystems::Input),
            );
    }
}

fn spawn(session: &DotsSession, purpose: Purpose) -> Search {
    let board = session.game.board().clone();
    let moves_left = session.game.moves_left();
    let seed = session.game.seed() ^ (u64::from(moves_left) << 32) ^ session.game.score();
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { Planner::new(seed).choose(&board, moves_left) });
    Search {
        task,
        generation: session.generation,
        moves_left,
        purpose,
    }
}

fn start_search(
    time: Res<Time>,
    phase: Res<DotsPhase>,
    session: Res<DotsSession>,
    mut autoplay: ResMut<DotsAutoplay>,
    mut search: ResMut<DotsSearch>,
    mut actions: MessageReader<DotsAction>,
) {
    let wants_hint = actions.read().any(|a| *a == DotsAction::Hint);
    if *phase != DotsPhase::Idle || search.0.is_some() || session.game.is_over() {
        autoplay.waited = 0.0;
        return;
    }
    if wants_hint {
        search.0 = Some(spawn(&session, Purpose::Hint));
        return;
    }
    if !autoplay.enabled {
        return;
    }
    autoplay.waited += time.delta_secs();
    if autoplay.waited >= autoplay.delay {
        autoplay.waited = 0.0;
        search.0 = Some(spawn(&session, Purpose::Play));
    }
}

fn finish_search(
    session: Res<DotsSession>,
    phase: Res<DotsPhase>,
    mut search: ResMut<DotsSearch>,
    mut hint: ResMut<DotsHint>,
    mut actions: MessageWriter<DotsAction>,
) {
    let Some(s) = &mut search.0 else { return };
    let Some(answer) = check_ready(&mut s.task) else {
        return;
    };
    let fresh = s.generation == session.generation
        && s.moves_left == session.game.moves_left()
        && *phase == DotsPhase::Idle;
    let purpose = s.purpose;
    search.0 = None;
    let Some((path, points)) = answer.filter(|_| fresh) else {
        return;
    };
    match purpose {
        Purpose::Play => {
            actions.write(DotsAction::Play(path));
        }
        Purpose::Hint => *hint = DotsHint { path, points },
    }
}

//! Automatic players and hints. Searches run on Bevy's `AsyncComputeTaskPool`, so a frame never
//! waits for them; their answers come back as the same [`GemsAction::Select`] a click sends.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gems_rules::gems::{Cell, Player, RemovalPolicy, greedy_move};

use super::model::{GemsAction, GemsSession, KeyCursor, MoveSettled, Paused};
use super::session::GemsSystems;
use crate::screens::{Phase, Screen};

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

/// A background search and the session generation it was started for.
pub struct Search {
    /// The running task.
    pub task: Task<Option<Cell>>,
    /// [`GemsSession::generation`] when it started; a stale answer is dropped.
    pub generation: u64,
}

/// The AI player's running search, if any (its presence is the "thinking" indicator).
#[derive(Resource, Default)]
pub struct AiSearch(pub Option<Search>);

/// The running hint search, if any.
#[derive(Resource, Default)]
pub struct HintSearch(pub Option<Search>);

/// The latest hint: the greedy move, shown until the board changes.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The suggested cell.
    pub cell: Option<Cell>,
    /// Generation it belongs to.
    pub generation: u64,
}

/// Drives automatic players and hints.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Autoplay>()
            .init_resource::<AiSearch>()
            .init_resource::<HintSearch>()
            .init_resource::<Hint>()
            .add_systems(
                Update,
                (
                    (start_ai_move, start_hint).run_if(in_state(Phase::Idle)),
                    (finish_ai_move, finish_hint),
                )
                    .chain()
                    .before(GemsSystems::Actions)
                    .run_if(in_state(Screen::ModernGems)),
            );
    }
}

/// Starts a search for `player`'s move on the current board in the background.
fn spawn_search(session: &GemsSession, player: Player) -> Search {
    let board = session.game.board().clone();
    let policy: RemovalPolicy = session.game.policy();
    let task = AsyncComputeTaskPool::get().spawn(async move { player.choose_move(&board, policy) });
    Search {
        task,
        generation: session.generation,
    }
}

fn start_ai_move(
    time: Res<Time>,
    paused: Res<Paused>,
    session: Res<GemsSession>,
    mut autoplay: ResMut<Autoplay>,
    mut search: ResMut<AiSearch>,
    mut settled: MessageReader<MoveSettled>,
) {
    if settled.read().count() > 0 {
        autoplay.waited = 0.0;
    }
    let player = session.game.player();
    if paused.0 || player.is_human() || search.0.is_some() || autoplay.hold {
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
    search.0 = Some(spawn_search(&session, player));
}

fn finish_ai_move(
    session: Res<GemsSession>,
    mut search: ResMut<AiSearch>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some(s) = &mut search.0 else { return };
    let Some(answer) = check_ready(&mut s.task) else {
        return;
    };
    let fresh = s.generation == session.generation;
    search.0 = None;
    if let (true, Some(cell)) = (fresh, answer) {
        actions.write(GemsAction::Select(cell));
    }
}

fn start_hint(
    mut actions: MessageReader<GemsAction>,
    session: Res<GemsSession>,
    mut search: ResMut<HintSearch>,
) {
    if actions.read().any(|a| *a == GemsAction::Hint) && search.0.is_none() {
        let board = session.game.board().clone();
        let policy = session.game.policy();
        let task = AsyncComputeTaskPool::get().spawn(async move { greedy_move(&board, policy) });
        search.0 = Some(Search {
            task,
            generation: session.generation,
        });
    }
}

fn finish_hint(
    session: Res<GemsSession>,
    mut search: ResMut<HintSearch>,
    mut hint: ResMut<Hint>,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some(s) = &mut search.0 else { return };
    let Some(answer) = check_ready(&mut s.task) else {
        return;
    };
    let generation = s.generation;
    search.0 = None;
    if generation != session.generation {
        return;
    }
    *hint = Hint {
        cell: answer,
        generation,
    };
    if let Some(cell) = answer {
        cursor.cell = cell;
        cursor.visible = true;
        actions.write(GemsAction::Hover(Some(cell)));
    }
}

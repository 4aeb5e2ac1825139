//! Watching a line: the moves of a record, of the coach's line or of a line file
//! (`--replay FILE`) are played one at a time, each animated like any move, at the automatic
//! players' pace (their speed and "Step" controls drive it too). A watched game is not ranked;
//! "Take over" hands the board to the player.

use bevy::prelude::*;

use crate::kit::ai::Generation;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::LineFile;

use super::ai::Autoplay;
use super::model::{GemsAction, GemsSession, Phase, Watch};

/// Plays the watched line's moves.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        drive_watch
            .in_set(super::set(GameSystems::Ai))
            .run_if(in_state(Phase::Idle)),
    );
}

/// The action that watches a line file's game from its start; `who` names whose line it is.
pub fn watch_action(file: &LineFile, who: &str) -> GemsAction {
    GemsAction::Watch {
        board_name: file.board_name.clone(),
        board: file.board.clone(),
        policy: file.policy,
        watch: Box::new(watch_of(file, who)),
    }
}

/// A line file's moves and score as a watch; `who` names whose line it is.
fn watch_of(file: &LineFile, who: &str) -> Watch {
    Watch {
        who: who.to_string(),
        moves: file.moves.clone(),
        score: file.score,
    }
}

/// A session watching a line file's game (`--replay FILE`).
pub fn watch_session(file: &LineFile, who: &str) -> GemsSession {
    GemsSession::watching(
        file.board_name.clone(),
        file.board.clone(),
        file.policy,
        watch_of(file, who),
    )
}

/// Reads and checks a line file (desktop): a clear message when it cannot be watched.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_line_file(path: &std::path::Path) -> Result<LineFile, String> {
    let text =
        gems_rules::storage::read_text_bounded(path, gems_rules::gems::MAX_LINE_FILE_BYTES as u64)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    LineFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Sends the watched line's next move once the board has been settled for the automatic
/// players' delay (or at once after "Step").
fn drive_watch(
    time: Res<Time>,
    paused: Res<Paused>,
    session: Res<GemsSession>,
    mut autoplay: ResMut<Autoplay>,
    mut waited: Local<(Option<Generation>, f32)>,
    mut actions: MessageWriter<GemsAction>,
) {
    let Some(cell) = session.watch_move() else {
        return;
    };
    if paused.0 || autoplay.hold || !(autoplay.enabled || autoplay.step) {
        return;
    }
    // The wait starts again at every move (each changes the generation).
    if waited.0 != Some(session.generation) {
        *waited = (Some(session.generation), 0.0);
    }
    waited.1 += time.delta_secs();
    if waited.1 < autoplay.delay && !autoplay.step {
        return;
    }
    autoplay.step = false;
    waited.1 = 0.0;
    actions.write(GemsAction::Select(cell));
}

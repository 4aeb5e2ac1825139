//! Loading saved games from files: the HUD (or a test) asks with a [`LoadGameRequest`]; a bad
//! file of any kind (missing, too large, not text, corrupt, truncated) becomes an on-screen
//! notice, the game in play goes on untouched, and nothing on disk changes.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::{Game, MAX_SAVE_FILE_BYTES};

use super::model::GemsAction;
use crate::kit::settings::Notices;

/// Asks to load the `.mg` file at `path` and continue that game.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LoadGameRequest {
    /// The file.
    pub path: PathBuf,
}

/// Reads a `.mg` file, with a one-line reason on failure. Nothing on disk changes.
pub fn load_game_file(path: &Path) -> Result<Game, String> {
    let text = crate::kit::store::read_text(path)?.ok_or_else(|| "no such file".to_string())?;
    if text.len() > MAX_SAVE_FILE_BYTES {
        return Err(format!(
            "the file is larger than {MAX_SAVE_FILE_BYTES} bytes"
        ));
    }
    Game::from_save_string(&text).map_err(|e| e.to_string())
}

/// Handles load requests.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .add_message::<LoadGameRequest>()
        .add_systems(
            Update,
            load_requested.in_set(super::set(GameSystems::Input)),
        );
}

fn load_requested(
    mut requests: MessageReader<LoadGameRequest>,
    mut actions: MessageWriter<GemsAction>,
    mut notices: ResMut<Notices>,
) {
    for request in requests.read() {
        let path = &request.path;
        match load_game_file(path) {
            Ok(game) => {
                let name = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "saved game".to_string());
                actions.write(GemsAction::Load {
                    name,
                    game: Box::new(game),
                });
            }
            Err(e) => notices.warn(format!("Could not load {}: {e}", path.display())),
        }
    }
}

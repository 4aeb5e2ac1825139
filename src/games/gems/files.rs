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

/// The longest name of a saved game, in characters.
pub const MAX_SAVE_NAME: usize = 60;

/// The file a saved game named `name` is kept in, inside the saves folder: the name with
/// `.mg` added (once). A name is a name, never a path: one holding `/`, `\`, `..` or a
/// control character, starting with a dot, empty or longer than [`MAX_SAVE_NAME`] is
/// refused, and the reason said.
pub fn save_file_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let stem = name.strip_suffix(".mg").unwrap_or(name);
    if stem.is_empty() {
        return Err("type a name first".to_string());
    }
    if stem.contains(['/', '\\']) || stem.contains("..") || stem.starts_with('.') {
        return Err(format!(
            "'{name}' is not a name: a save's name cannot hold /, \\ or .. (saves go to the saves folder)"
        ));
    }
    if stem.chars().any(char::is_control) {
        return Err("a save's name cannot hold control characters".to_string());
    }
    if stem.chars().count() > MAX_SAVE_NAME {
        return Err(format!(
            "a save's name has at most {MAX_SAVE_NAME} characters"
        ));
    }
    Ok(format!("{stem}.mg"))
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
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, load_picked.in_set(super::set(GameSystems::Input)));
}

/// What the Load dialog's file picker is for (web).
#[cfg(target_arch = "wasm32")]
const PICK: &str = "mg-save";

/// Opens the browser's file picker for a `.mg` file (web); false when the page has none.
#[cfg(target_arch = "wasm32")]
pub fn open_picker() -> bool {
    crate::kit::picker::open(PICK, ".mg", MAX_SAVE_FILE_BYTES as u64)
}

/// Loads the `.mg` file the player picked (web); a bad one is a notice.
#[cfg(target_arch = "wasm32")]
fn load_picked(mut actions: MessageWriter<GemsAction>, mut notices: ResMut<Notices>) {
    let Some((name, bytes)) = crate::kit::picker::take(PICK) else {
        return;
    };
    let game = match bytes {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| "it is not text".to_string())
            .and_then(|text| Game::from_save_string(&text).map_err(|e| e.to_string())),
        Err(size) => Err(format!(
            "it is {size} bytes; a save is at most {MAX_SAVE_FILE_BYTES}"
        )),
    };
    let stem = name.trim_end_matches(".mg").to_string();
    continue_or_tell(game, stem, &name, &mut actions, &mut notices);
}

fn load_requested(
    mut requests: MessageReader<LoadGameRequest>,
    mut actions: MessageWriter<GemsAction>,
    mut notices: ResMut<Notices>,
) {
    for request in requests.read() {
        let path = &request.path;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "saved game".to_string());
        let shown = path.display().to_string();
        continue_or_tell(
            load_game_file(path),
            name,
            &shown,
            &mut actions,
            &mut notices,
        );
    }
}

/// Continues a loaded game under `name`, or tells the player why the file `shown` could not be
/// loaded (the game in play goes on untouched).
fn continue_or_tell(
    game: Result<Game, String>,
    name: String,
    shown: &str,
    actions: &mut MessageWriter<GemsAction>,
    notices: &mut Notices,
) {
    match game {
        Ok(game) => {
            actions.write(GemsAction::Load {
                name,
                game: Box::new(game),
            });
        }
        Err(e) => notices.warn(format!("Could not load {shown}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_s_name_is_a_name_never_a_path() {
        assert_eq!(save_file_name(" my game ").as_deref(), Ok("my game.mg"));
        assert_eq!(save_file_name("best.mg").as_deref(), Ok("best.mg"));
        for bad in [
            "",
            ".mg",
            "data/scores.ron",
            "../scores",
            "a\\b",
            "..",
            ".hidden",
            "tab\there",
            &"x".repeat(61),
        ] {
            assert!(save_file_name(bad).is_err(), "{bad:?}");
        }
    }
}

//! Where the game keeps the player's files: high scores, settings and saves.

use std::path::PathBuf;

use bevy::prelude::*;

/// The player's data directory; `None` when there is none (then nothing is written to disk).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// The platform's data directory for the game: `$MODERN_GEMS_DATA_DIR` if set, else
    /// `$XDG_DATA_HOME/modern-gems` or `~/.local/share/modern-gems` (Linux),
    /// `~/Library/Application Support/modern-gems` (macOS), `%APPDATA%\modern-gems` (Windows).
    pub fn platform() -> Self {
        // In the browser, paths become local-storage keys.
        if cfg!(target_arch = "wasm32") {
            return Self(Some(PathBuf::from("data")));
        }
        Self(gems_rules::storage::data_dir())
    }

    /// A file in the data directory.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }

    /// The folder for saved games.
    pub fn saves(&self) -> Option<PathBuf> {
        self.file("saves")
    }
}

/// The folder holding the game's `assets/` (desktop): `$BEVY_ASSET_ROOT/assets`, else the crate's
/// own folder when run by cargo, else `assets/` beside the executable, else in the working
/// directory.
#[cfg(not(target_arch = "wasm32"))]
pub fn asset_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let candidates = [
        env("BEVY_ASSET_ROOT"),
        env("CARGO_MANIFEST_DIR"),
        std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(PathBuf::from)),
        std::env::current_dir().ok(),
    ];
    let found = candidates
        .iter()
        .flatten()
        .map(|root| root.join("assets"))
        .find(|dir| dir.is_dir());
    found.unwrap_or_else(|| PathBuf::from("assets"))
}

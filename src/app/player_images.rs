//! The player's own images for their themes. The theme editor imports a PNG (a file path or a
//! file dropped on the window on the desktop, the browser's file picker on the web): it is
//! checked like every theme image (a readable PNG, at most 8 MiB and 2048×2048 pixels), then
//! kept in `themes/images/` in the data directory (IndexedDB on the web). A theme names it
//! `yours://NAME.png`, and the asset source `yours` serves it from memory, so the same path
//! works on both.
//!
//! A bad file is a message naming it, and nothing is written.

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::memory::{Dir, MemoryAssetReader};
use bevy::prelude::*;
use gems_formats::image::{MAX_IMAGE_BYTES, Rgba8};
use gems_formats::theme::PLAYER_IMAGE_PREFIX;

use crate::kit::paths::DataDir;

/// The asset source the player's images are read from (`yours://NAME.png`).
pub const SOURCE: &str = "yours";

/// Largest image imported, in bytes: the theme images' limit (the browser keeps imported
/// images in IndexedDB, which holds far more than `localStorage`).
pub const MAX_IMPORT_BYTES: usize = MAX_IMAGE_BYTES;

/// Longest file stem kept for an imported image.
const MAX_STEM: usize = 40;

/// The player's images, held in memory for the `yours` asset source, and where they are kept.
#[derive(Resource, Clone)]
pub struct PlayerImages {
    /// The images by file name (`NAME.png`); the asset source reads from here.
    dir: Dir,
    /// The data directory they are kept in.
    data: DataDir,
}

impl PlayerImages {
    /// Reads the images kept in `data` into memory.
    pub fn load(data: DataDir) -> PlayerImages {
        let images = PlayerImages {
            dir: Dir::new(PathBuf::new()),
            data,
        };
        images.reload();
        images
    }

    /// The folder the images are kept in.
    fn folder(&self) -> Option<PathBuf> {
        self.data.file("themes").map(|t| t.join("images"))
    }

    /// Registers the `yours` asset source; call before Bevy's `AssetPlugin` is added.
    pub fn register(&self, app: &mut App) {
        use bevy::asset::AssetApp;
        let dir = self.dir.clone();
        app.register_asset_source(
            SOURCE,
            AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: dir.clone() })),
        );
    }

    /// Every image the player has, as theme paths (`yours://NAME.png`), sorted.
    pub fn paths(&self) -> Vec<String> {
        self.folder()
            .map(|f| crate::kit::store::list(&f, ".png"))
            .unwrap_or_default()
            .into_iter()
            .filter(|n| self.dir.get_asset(Path::new(n)).is_some())
            .map(|n| format!("{PLAYER_IMAGE_PREFIX}{n}"))
            .collect()
    }

    /// Imports the PNG `bytes` of a file called `name`: checks it, keeps it and returns its
    /// theme path. A name already taken by another picture gets a number (`photo-2.png`); the
    /// same picture again keeps its path.
    pub fn import(&self, name: &str, bytes: &[u8]) -> Result<String, String> {
        let shown = Path::new(name)
            .file_name()
            .map_or(name.to_string(), |n| n.to_string_lossy().into_owned());
        let refuse = |why: String| format!("{shown} was not imported: {why}");
        if let Some(why) = too_large(&shown, bytes.len() as u64) {
            return Err(why);
        }
        Rgba8::decode_png(bytes).map_err(|e| refuse(e.to_string()))?;
        let stem = image_stem(&shown);
        let free = |n: &String| {
            self.dir
                .get_asset(Path::new(n))
                .is_none_or(|d| d.value() == bytes)
        };
        let file = std::iter::once(format!("{stem}.png"))
            .chain((2..).map(|i| format!("{stem}-{i}.png")))
            .find(free)
            .unwrap_or_else(|| unreachable!("an endless list of names has a free one"));
        let folder = self
            .folder()
            .ok_or_else(|| refuse("there is no data directory to keep it in".into()))?;
        crate::kit::store::write_bytes(&folder.join(&file), bytes)
            .map_err(|e| refuse(format!("it could not be stored ({e})")))?;
        self.dir.insert_asset(Path::new(&file), bytes.to_vec());
        Ok(format!("{PLAYER_IMAGE_PREFIX}{file}"))
    }

    /// Forgets the player's image `yours://NAME.png` and deletes its file (a theme that still
    /// names it shows the kind's colour instead).
    pub fn delete(&self, path: &str) -> Result<(), String> {
        let name = path.strip_prefix(PLAYER_IMAGE_PREFIX).unwrap_or(path);
        let folder = self
            .folder()
            .ok_or("there is no data directory".to_string())?;
        crate::kit::store::remove(&folder.join(name))?;
        self.dir.remove_asset(Path::new(name));
        Ok(())
    }

    /// Reads the images kept in the data directory into memory (at start, and again after an
    /// import of the player's data): new ones join, changed ones are replaced.
    pub fn reload(&self) {
        let Some(folder) = self.folder() else {
            return;
        };
        for name in crate::kit::store::list(&folder, ".png") {
            if let Ok(Some(bytes)) =
                crate::kit::store::read_bytes(&folder.join(&name), MAX_IMAGE_BYTES as u64)
            {
                self.dir.insert_asset(Path::new(&name), bytes);
            }
        }
    }

    /// Imports the PNG file at `path` (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn import_file(&self, path: &Path) -> Result<String, String> {
        let name = path.to_string_lossy();
        let bytes = gems_rules::storage::read_bytes_bounded(path, MAX_IMPORT_BYTES as u64)
            .map_err(|e| format!("{name} was not imported: {e}"))?;
        self.import(&name, &bytes)
    }
}

/// Why a file of `size` bytes named `name` is not imported, when it is too large.
pub fn too_large(name: &str, size: u64) -> Option<String> {
    (size > MAX_IMPORT_BYTES as u64).then(|| {
        format!("{name} was not imported: it is {size} bytes; at most {MAX_IMPORT_BYTES} can be imported")
    })
}

/// A file stem for an imported image: its name's letters and digits, lower case, other runs of
/// characters as one `-`; "image" when nothing is left.
fn image_stem(file_name: &str) -> String {
    let stem = file_name
        .rsplit_once('.')
        .map_or(file_name, |(stem, _)| stem);
    let mut out = String::new();
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out.trim_end_matches('-').chars().take(MAX_STEM).collect();
    if out.is_empty() { "image".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::image_stem;

    #[test]
    fn stems_keep_letters_and_digits() {
        assert_eq!(image_stem("My Photo (2).PNG"), "my-photo-2");
        assert_eq!(image_stem("été.png"), "été");
        assert_eq!(image_stem("...png"), "image");
        assert_eq!(image_stem("a.b.png"), "a-b");
        assert_eq!(image_stem(&"x".repeat(80)).len(), MAX_STEM_FOR_TEST);
    }

    const MAX_STEM_FOR_TEST: usize = super::MAX_STEM;
}

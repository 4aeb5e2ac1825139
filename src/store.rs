//! Where the player's files live: on the desktop, real files written atomically (temporary file,
//! then rename); in the browser, `localStorage` entries keyed by the same paths. Every caller
//! goes through these four functions, so saves, high scores and settings persist on both.

use std::path::Path;

/// Largest text read back, in bytes.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// Reads a text file; `Ok(None)` when it does not exist.
pub fn read_text(path: &Path) -> Result<Option<String>, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        match gems_rules::storage::read_text_bounded(path, MAX_TEXT_BYTES) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let storage = web::storage()?;
        storage
            .get_item(&web::key(path))
            .map_err(|_| "the browser refused to read local storage".to_string())
    }
}

/// Writes a text file so that an interruption never leaves a damaged file.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        gems_rules::storage::atomic_write(path, text.as_bytes()).map_err(|e| e.to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        // A single setItem call replaces the value whole.
        web::storage()?
            .set_item(&web::key(path), text)
            .map_err(|_| "the browser refused to write local storage (is it full?)".to_string())
    }
}

/// The names of the entries in `dir` ending in `suffix`, sorted.
pub fn list(dir: &Path, suffix: &str) -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix))
        .collect();
    #[cfg(target_arch = "wasm32")]
    let mut names: Vec<String> = {
        let prefix = format!("{}/", web::key(dir));
        let mut found = Vec::new();
        if let Ok(storage) = web::storage() {
            let n = storage.length().unwrap_or(0);
            for i in 0..n {
                if let Ok(Some(k)) = storage.key(i)
                    && let Some(name) = k.strip_prefix(&prefix)
                    && name.ends_with(suffix)
                    && !name.contains('/')
                {
                    found.push(name.to_string());
                }
            }
        }
        found
    };
    names.sort();
    names
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::path::Path;

    /// The page's local storage.
    pub fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "this browser offers no local storage".to_string())
    }

    /// The storage key of a path.
    pub fn key(path: &Path) -> String {
        format!("modern-gems:{}", path.to_string_lossy())
    }
}

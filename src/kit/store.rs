//! Where the player's files live: on the desktop, real files written atomically (temporary file,
//! then rename); in the browser, entries keyed by the same paths (binary files as base64),
//! through the page's `modernGemsStore` (`web/index.html`): high scores, settings and saves in
//! `localStorage`, which every tab reads afresh, and the player's themes and images in
//! IndexedDB, which holds far more. Every caller goes through these functions, so the player's
//! files persist on both.
//!
//! IndexedDB is asynchronous: the page reads its records into memory before the game starts,
//! and a write the browser refuses later (its storage full) is undone there and reported by
//! [`problems`], which the kit shows as a notice saying what to delete
//! ([`crate::kit::settings::storage_problems_plugin`]).

use std::path::Path;

#[cfg(target_arch = "wasm32")]
use gems_formats::base64;

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
        web::get(&web::key(path))
            .map_err(|e| format!("the browser refused to read its storage ({})", web::why(&e)))
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
        // A single call replaces the value whole.
        web::set(&web::key(path), text).map_err(|e| {
            format!(
                "the browser refused to write its storage ({}). {FULL_ADVICE}",
                web::why(&e)
            )
        })
    }
}

/// Reads a binary file of at most `max` bytes; `Ok(None)` when it does not exist.
pub fn read_bytes(path: &Path, max: u64) -> Result<Option<Vec<u8>>, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        match gems_rules::storage::read_bytes_bounded(path, max) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let Some(text) = read_text(path)? else {
            return Ok(None);
        };
        let bytes = base64::decode(&text).ok_or("the stored file is damaged")?;
        if bytes.len() as u64 > max {
            return Err(format!("the file is larger than {max} bytes"));
        }
        Ok(Some(bytes))
    }
}

/// Writes a binary file so that an interruption never leaves a damaged file.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        gems_rules::storage::atomic_write(path, bytes).map_err(|e| e.to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        write_text(path, &base64::encode(bytes))
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
        web::keys(&prefix)
            .unwrap_or_default()
            .iter()
            .filter_map(|k| k.strip_prefix(&prefix))
            .filter(|name| name.ends_with(suffix) && !name.contains('/'))
            .map(str::to_string)
            .collect()
    };
    names.sort();
    names
}

/// Deletes a file; deleting one that does not exist is not an error.
pub fn remove(path: &Path) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
            _ => Ok(()),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        web::remove(&web::key(path))
            .map_err(|e| format!("the browser refused to delete it ({})", web::why(&e)))
    }
}

/// What the player can do when the browser's storage is full.
pub const FULL_ADVICE: &str = "If the browser's storage is full, delete imported images or \
themes you no longer need in the theme editor (Export my data, in Settings, keeps a copy of \
everything first).";

/// Problems of writes that finished after their caller went on (reported by [`report`]).
static LATE: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Keeps the problem of a write that finished after its caller went on, for [`problems`].
pub fn report(problem: String) {
    if let Ok(mut late) = LATE.lock() {
        late.push(problem);
    }
}

/// The writes refused since the last call that nobody was there to hear of: those the
/// browser refused after the game went on, and those given to [`report`].
pub fn problems() -> Vec<String> {
    let late = LATE
        .lock()
        .map(|mut l| std::mem::take(&mut *l))
        .unwrap_or_default();
    #[cfg(target_arch = "wasm32")]
    let late = [late, web::problems().unwrap_or_default()].concat();
    late
}

/// Runs `run` while holding the browser-wide lock `name` (the Web Locks API, so two tabs take
/// turns); at once where there is no such API. On the web `run` may run after this returns.
#[cfg(target_arch = "wasm32")]
pub fn locked(name: &str, run: impl FnOnce() + 'static) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let run = Closure::once_into_js(run);
    if web::locked(name, run.unchecked_ref()).is_err()
        && let Ok(f) = run.dyn_into::<js_sys::Function>()
    {
        let _ = f.call0(&wasm_bindgen::JsValue::NULL);
    }
}

/// The page's storage helper, `modernGemsStore` in `web/index.html`.
#[cfg(target_arch = "wasm32")]
mod web {
    use std::path::Path;

    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn get(key: &str) -> Result<Option<String>, JsValue>;
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn set(key: &str, value: &str) -> Result<(), JsValue>;
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn remove(key: &str) -> Result<(), JsValue>;
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn keys(prefix: &str) -> Result<Vec<String>, JsValue>;
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn problems() -> Result<Vec<String>, JsValue>;
        #[wasm_bindgen(catch, js_namespace = modernGemsStore)]
        pub fn locked(name: &str, run: &js_sys::Function) -> Result<(), JsValue>;
    }

    /// The storage key of a path.
    pub fn key(path: &Path) -> String {
        format!("modern-gems:{}", path.to_string_lossy())
    }

    /// A JavaScript error in words.
    pub fn why(e: &JsValue) -> String {
        js_sys::Reflect::get(e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "no reason given".into())
    }
}

//! Where the player's files live: on the desktop, real files written atomically (temporary file,
//! then rename); in the browser, `localStorage` entries keyed by the same paths (binary files as
//! base64). Every caller goes through these functions, so saves, high scores, settings and the
//! player's images persist on both.

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

/// Base64 (standard alphabet, padded): the browser's local storage holds text only, so binary
/// files are stored in it this way.
pub mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    /// Standard base64 with padding (local storage holds text only).
    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// Decodes [`encode`]'s text; `None` when it is not base64.
    pub fn decode(text: &str) -> Option<Vec<u8>> {
        let text = text.trim_end_matches('=').as_bytes();
        let mut out = Vec::with_capacity(text.len() * 3 / 4);
        let (mut acc, mut bits) = (0u32, 0);
        for &c in text {
            let v = u32::from(match c {
                b'A'..=b'Z' => c - b'A',
                b'a'..=b'z' => c - b'a' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                _ => return None,
            });
            acc = acc << 6 | v;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.push((acc >> bits) as u8);
            }
        }
        Some(out)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn round_trips_every_length_and_refuses_what_is_not_base64() {
            assert_eq!(super::encode(b"Man"), "TWFu");
            assert_eq!(super::encode(b"Ma"), "TWE=");
            assert_eq!(super::encode(b"M"), "TQ==");
            let bytes: Vec<u8> = (0..=255u8).chain(0..7).collect();
            for n in 0..bytes.len() {
                let text = super::encode(&bytes[..n]);
                assert_eq!(super::decode(&text).as_deref(), Some(&bytes[..n]));
            }
            assert_eq!(super::decode("TW#u"), None);
        }
    }
}

//! Crash-safe file writes shared by every front end (console saves, GUI saves, settings, scores).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` so that a crash at any moment leaves either the old file or the
/// new one, never a mix: the bytes go to a temporary file beside `path`, are flushed to disk,
/// and the temporary file is then renamed over `path`.
pub fn atomic_write(path: &Path, contents: &[u8]) -> io::Result<()> {
    atomic_write_via(path, contents, |file, bytes| file.write_all(bytes))
}

/// [`atomic_write`] with the step that writes the bytes into the temporary file supplied, so
/// tests can make it fail (or stop) at any byte.
pub fn atomic_write_via(
    path: &Path,
    contents: &[u8],
    write: impl FnOnce(&mut fs::File, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temp_path(path);
    let result = (|| {
        {
            // Closed before the rename (Windows refuses to rename an open file).
            let mut file = fs::File::create(&tmp)?;
            write(&mut file, contents)?;
            file.sync_all()?;
        }
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        // Best effort: never leave a half-written temporary file behind.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The temporary file used by [`atomic_write`] for `path`: a hidden sibling with a `.tmp` suffix
/// and the process id, so two processes saving at once do not share it.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".to_string());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Reads a file of at most `max_bytes`, so an absurd file is refused before it is loaded.
pub fn read_bytes_bounded(path: &Path, max_bytes: u64) -> io::Result<Vec<u8>> {
    let len = fs::metadata(path)?.len();
    if len > max_bytes {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the file is {len} bytes long; at most {max_bytes} are allowed"),
        ));
    }
    fs::read(path)
}

/// Reads a text file of at most `max_bytes`, so an absurd file is refused before it is loaded.
pub fn read_text_bounded(path: &Path, max_bytes: u64) -> io::Result<String> {
    let bytes = read_bytes_bounded(path, max_bytes)?;
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("gems-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.mg");
        atomic_write(&path, b"one").unwrap();
        atomic_write(&path, b"two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert!(!temp_path(&path).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failed_write_keeps_previous_file() {
        let dir = std::env::temp_dir().join(format!("gems-atomic-fail-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.mg");
        atomic_write(&path, b"good").unwrap();
        // A directory in the way of the temp file makes the write fail before the rename.
        fs::create_dir_all(temp_path(&path)).unwrap();
        assert!(atomic_write(&path, b"bad").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "good");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_interrupted_at_any_byte_keeps_the_previous_save() {
        let dir = std::env::temp_dir().join(format!("gems-atomic-cut-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.mg");
        let old = b"0 0 GreedyPlayer ChainedRemovalPolicy\n1 2\n2 1\n";
        let new = b"4 1 GreedyPlayer ChainedRemovalPolicy\n. .\n2 1\n";
        atomic_write(&path, old).unwrap();
        for cut in 0..=new.len() {
            // The write stops after `cut` bytes (disk full, I/O error, power cut mid-write).
            let result = atomic_write_via(&path, new, |f, bytes| {
                f.write_all(&bytes[..cut])?;
                Err(io::Error::other("interrupted"))
            });
            assert!(result.is_err());
            assert_eq!(fs::read(&path).unwrap(), old, "cut at byte {cut}");
            assert!(
                !temp_path(&path).exists(),
                "temp file left after a cut at {cut}"
            );
            // A process killed mid-write leaves its partial temporary file behind: the save
            // itself is still the old one, and the next save goes through.
            fs::write(temp_path(&path), &new[..cut]).unwrap();
            assert_eq!(fs::read(&path).unwrap(), old);
        }
        atomic_write(&path, new).unwrap();
        assert_eq!(fs::read(&path).unwrap(), new);
        assert!(!temp_path(&path).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bounded_read_refuses_large_files() {
        let dir = std::env::temp_dir().join(format!("gems-bounded-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.txt");
        fs::write(&path, vec![b'1'; 100]).unwrap();
        assert!(read_text_bounded(&path, 10).is_err());
        assert_eq!(read_text_bounded(&path, 100).unwrap().len(), 100);
        fs::remove_dir_all(&dir).unwrap();
    }
}

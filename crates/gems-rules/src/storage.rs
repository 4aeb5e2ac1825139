//! Crash-safe file writes and bounded reads shared by every front end (console saves, GUI
//! saves, settings, scores, every file a player can point the game at).

use std::fs;
use std::io::{self, BufRead, Read, Write};
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
        fs::rename(&tmp, path)?;
        sync_parent(path);
        Ok(())
    })();
    if result.is_err() {
        // Best effort: never leave a half-written temporary file behind.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Flushes the folder holding `path` to disk, so the rename itself survives a power cut (on
/// Unix; elsewhere, and when the folder cannot be opened, the rename stands as it is).
fn sync_parent(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(dir) = fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
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
/// Only a regular file is read (a device such as `/dev/zero`, a named pipe or a directory is
/// refused before it is opened, so a pipe never blocks), and never more than `max_bytes + 1`
/// bytes of it, whatever length the file system reports.
pub fn read_bytes_bounded(path: &Path, max_bytes: u64) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_a_file());
    }
    if meta.len() > max_bytes {
        return Err(too_large(max_bytes));
    }
    let file = fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        // Replaced by something else between the two looks.
        return Err(not_a_file());
    }
    read_all_bounded(file, max_bytes)
}

/// Reads `reader` to its end, refusing it once it passes `max_bytes` (at most `max_bytes + 1`
/// bytes are ever read).
pub fn read_all_bounded(reader: impl Read, max_bytes: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(max_bytes));
    }
    Ok(bytes)
}

/// Reads a text file of at most `max_bytes`, so an absurd file is refused before it is loaded
/// (see [`read_bytes_bounded`]).
pub fn read_text_bounded(path: &Path, max_bytes: u64) -> io::Result<String> {
    let bytes = read_bytes_bounded(path, max_bytes)?;
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

/// Reads one line (up to and including its `\n`) into `line`, as `BufRead::read_line` does,
/// but refuses a line longer than `max_bytes` instead of reading it whole: the rest of that
/// line is skipped (in bounded pieces) and an `InvalidData` error names the limit. Returns the
/// bytes read, 0 at the end of the input.
pub fn read_line_bounded(
    input: &mut impl BufRead,
    line: &mut String,
    max_bytes: usize,
) -> io::Result<usize> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(max_bytes as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if n > max_bytes && bytes.last() != Some(&b'\n') {
        // Skip the rest of the over-long line, never holding more than a buffer of it.
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let (used, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            input.consume(used);
            if end {
                break;
            }
        }
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line is longer than {max_bytes} bytes"),
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the line is not UTF-8 text"))?;
    line.push_str(&text);
    Ok(n)
}

/// The error for a file larger than `max_bytes` (kind `FileTooLarge`), for every bounded
/// read.
pub fn too_large(max_bytes: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("the file is larger than {max_bytes} bytes"),
    )
}

/// The error for a path that is not a regular file.
fn not_a_file() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "not a regular file (a device, a pipe or a folder)",
    )
}

/// The platform's data directory of the games (and of the leaderboard server's database):
/// `$MODERN_GEMS_DATA_DIR` if set, else `$XDG_DATA_HOME/modern-gems` or
/// `~/.local/share/modern-gems` (Linux), `~/Library/Application Support/modern-gems` (macOS),
/// `%APPDATA%\modern-gems` (Windows); `None` when the environment names none.
pub fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = env("MODERN_GEMS_DATA_DIR") {
        return Some(dir);
    }
    if cfg!(target_os = "windows") {
        env("APPDATA").map(|d| d.join("modern-gems"))
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support/modern-gems"))
    } else {
        env("XDG_DATA_HOME")
            .or_else(|| env("HOME").map(|h| h.join(".local/share")))
            .map(|d| d.join("modern-gems"))
    }
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

    #[cfg(unix)]
    #[test]
    fn bounded_reads_refuse_dev_zero_a_fifo_and_a_sparse_3_gb_file() {
        let dir = std::env::temp_dir().join(format!("gems-bounded-odd-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        // A device that never ends and reports a length of 0.
        let zero = Path::new("/dev/zero");
        assert_eq!(
            read_bytes_bounded(zero, 1 << 20).unwrap_err().kind(),
            io::ErrorKind::InvalidInput
        );
        // A named pipe nobody writes to: opening it would block for ever.
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(
                read_text_bounded(&fifo, 1 << 20).unwrap_err().kind(),
                io::ErrorKind::InvalidInput
            );
        }
        // A sparse file of 3 GB: refused by its length, nothing of it read.
        let sparse = dir.join("sparse");
        fs::File::create(&sparse).unwrap().set_len(3 << 30).unwrap();
        assert_eq!(
            read_bytes_bounded(&sparse, 1 << 20).unwrap_err().kind(),
            io::ErrorKind::FileTooLarge
        );
        // A folder.
        assert!(read_bytes_bounded(&dir, 1 << 20).is_err());
        // A stream that never ends is cut one byte past its limit.
        let endless = io::repeat(b'x');
        assert_eq!(
            read_all_bounded(endless, 1000).unwrap_err().kind(),
            io::ErrorKind::FileTooLarge
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_line_over_its_limit_is_refused_and_skipped_and_the_next_one_read() {
        let long = "x".repeat(5000);
        let text = format!("short\n{long}\nnext\nlast");
        let mut input = io::BufReader::with_capacity(64, text.as_bytes());
        let mut line = String::new();
        assert_eq!(read_line_bounded(&mut input, &mut line, 100).unwrap(), 6);
        assert_eq!(line, "short\n");
        line.clear();
        let e = read_line_bounded(&mut input, &mut line, 100).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(line.is_empty());
        read_line_bounded(&mut input, &mut line, 100).unwrap();
        assert_eq!(line, "next\n");
        line.clear();
        read_line_bounded(&mut input, &mut line, 100).unwrap();
        assert_eq!(line, "last");
        line.clear();
        assert_eq!(read_line_bounded(&mut input, &mut line, 100).unwrap(), 0);
        // An endless line without a newline is refused without being held.
        let mut endless = io::BufReader::new(io::repeat(b'y').take(10_000_000));
        assert!(read_line_bounded(&mut endless, &mut line, 100).is_err());
    }
}

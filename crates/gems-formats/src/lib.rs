//! The files players edit or the game keeps for them, as plain data with parsers that never
//! panic, bound their input and say where a file is wrong: themes and their images, settings and
//! high scores.
//! The Bevy game uses these types directly (feature `bevy` makes them ECS resources); the fuzz
//! targets in `fuzz/` drive the parsers with arbitrary bytes.

pub mod base64;
pub mod bundle;
pub mod image;
pub mod leaderboard;
pub mod link;
pub mod resume;
pub mod scores;
pub mod settings;
pub mod theme;

/// Why a settings or scores file was rejected: the 1-based line, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct FormatError {
    /// 1-based line (1 for problems with the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl FormatError {
    /// The error for a whole file larger than `max` bytes.
    pub fn too_large(max: usize) -> Self {
        Self {
            line: 1,
            message: format!("the file is larger than {max} bytes"),
        }
    }

    /// The error RON reported, with its line.
    pub fn ron(e: &ron::error::SpannedError) -> Self {
        Self {
            line: e.span.start.line,
            message: e.code.to_string(),
        }
    }
}

/// Whether `name` can stand as a field name in RON without quotes (an unknown field kept from
/// a newer file must, to be written back).
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

//! "Export my data": the player's files in one file (a `.mgdata`, RON text), so they can move
//! between the browser and the desktop or keep a backup. It holds the high scores, the
//! settings, the player's themes and images and the saved games, each under its path in the
//! data directory; images as base64.
//!
//! Reading one checks everything before anything is written: each path must be one of those
//! kinds with a plain file name (never `..`, a `/` inside the name, or an absolute path), and
//! each file must read as what it claims to be. A bundle from a newer version keeps what this
//! version understands, and says what it left out.

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use crate::image::{MAX_IMAGE_BYTES, Rgba8};
use crate::theme::{MAX_THEME_BYTES, Theme};
use crate::{FormatError, base64, scores, settings};

/// The version this build writes.
pub const BUNDLE_VERSION: u32 = 1;

/// What the file says it is (so a stray RON file is refused at once).
pub const BUNDLE_FORMAT: &str = "modern-gems-data";

/// The file name's extension.
pub const BUNDLE_EXTENSION: &str = "mgdata";

/// The largest bundle read, in bytes (a few dozen full-size images).
pub const MAX_BUNDLE_BYTES: usize = 96 * 1024 * 1024;

/// The most files a bundle holds.
pub const MAX_BUNDLE_FILES: usize = 10_000;

/// The whole export.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    /// Always [`BUNDLE_FORMAT`].
    pub format: String,
    /// The version that wrote it.
    pub version: u32,
    /// The day it was made, `YYYY-MM-DD`.
    #[serde(default)]
    pub made: Option<String>,
    /// The files.
    pub files: Vec<BundleFile>,
}

/// One file of the player's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleFile {
    /// Its path in the data directory, with `/` between folders (`themes/images/cat.png`).
    pub path: String,
    /// Its text (every file but images).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Its bytes as base64 (images).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
}

/// What kind of file a path in the data directory holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `scores.ron`: merged with the scores already there, never replacing them.
    Scores,
    /// `settings.ron`.
    Settings,
    /// `themes/NAME.theme.ron`.
    Theme,
    /// `themes/images/NAME.png`.
    Image,
    /// `saves/NAME.mg`.
    Save,
}

impl FileKind {
    /// The kind of the file at `path` (relative to the data directory), or why it is not one
    /// of the player's files.
    pub fn of(path: &str) -> Result<FileKind, String> {
        let plain = |name: &str, suffix: &str| {
            name.strip_suffix(suffix).is_some_and(|stem| {
                !stem.is_empty()
                    && !stem.starts_with('.')
                    && !stem.contains(['/', '\\'])
                    && !stem.contains("..")
                    && !stem.chars().any(char::is_control)
            })
        };
        let kind = match path {
            "scores.ron" => Some(FileKind::Scores),
            "settings.ron" => Some(FileKind::Settings),
            _ => {
                if let Some(name) = path.strip_prefix("themes/images/") {
                    plain(name, ".png").then_some(FileKind::Image)
                } else if let Some(name) = path.strip_prefix("themes/") {
                    plain(name, ".theme.ron").then_some(FileKind::Theme)
                } else if let Some(name) = path.strip_prefix("saves/") {
                    plain(name, ".mg").then_some(FileKind::Save)
                } else {
                    None
                }
            }
        };
        kind.ok_or_else(|| format!("'{}' is not one of the player's files", shorten(path)))
    }

    /// Whether the file is binary (kept as base64).
    pub fn binary(self) -> bool {
        self == FileKind::Image
    }

    /// The largest file of this kind, in bytes.
    pub fn max_bytes(self) -> usize {
        match self {
            FileKind::Scores => scores::MAX_SCORES_READ_BYTES,
            FileKind::Settings => settings::MAX_SETTINGS_BYTES,
            FileKind::Theme => MAX_THEME_BYTES,
            FileKind::Image => MAX_IMAGE_BYTES,
            FileKind::Save => gems_rules::gems::MAX_SAVE_FILE_BYTES,
        }
    }
}

/// A file of a bundle, checked: its kind and contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedFile {
    /// Its path in the data directory.
    pub path: String,
    /// What it holds.
    pub kind: FileKind,
    /// Its contents (text files as UTF-8).
    pub bytes: Vec<u8>,
}

impl BundleFile {
    /// The file `path` (relative to the data directory) holding `bytes`, in the bundle's form.
    pub fn new(path: &str, bytes: &[u8]) -> Result<BundleFile, String> {
        let kind = FileKind::of(path)?;
        let (text, base64) = if kind.binary() {
            (None, Some(base64::encode(bytes)))
        } else {
            let text = std::str::from_utf8(bytes).map_err(|_| format!("{path} is not text"))?;
            (Some(text.to_string()), None)
        };
        Ok(BundleFile {
            path: path.to_string(),
            text,
            base64,
        })
    }

    /// Checks the file: a path of the player's, the form its kind is kept in, its size, and
    /// contents that read as that kind. The error names the file.
    pub fn check(&self) -> Result<CheckedFile, String> {
        let kind = FileKind::of(&self.path)?;
        let name = &self.path;
        let bytes = match (&self.text, &self.base64, kind.binary()) {
            (Some(text), None, false) => text.as_bytes().to_vec(),
            (None, Some(b64), true) if b64.len() <= kind.max_bytes() / 3 * 4 + 4 => {
                base64::decode(b64).ok_or_else(|| format!("{name}: its base64 is damaged"))?
            }
            (None, Some(_), true) => return Err(format!("{name}: larger than allowed")),
            _ => return Err(format!("{name}: not kept the way its kind is")),
        };
        if bytes.len() > kind.max_bytes() {
            return Err(format!("{name}: larger than {} bytes", kind.max_bytes()));
        }
        let text = || std::str::from_utf8(&bytes).unwrap_or_default();
        let problem = match kind {
            FileKind::Scores => scores::parse_scores(text()).err().map(|e| e.to_string()),
            FileKind::Settings => settings::Settings::parse(text())
                .err()
                .map(|e| e.to_string()),
            FileKind::Theme => Theme::parse(text()).err().map(|e| e.to_string()),
            FileKind::Image => Rgba8::decode_png(&bytes).err().map(|e| e.to_string()),
            FileKind::Save => gems_rules::gems::Game::from_save_string(text())
                .err()
                .map(|e| e.to_string()),
        };
        match problem {
            Some(why) => Err(format!("{name}: {why}")),
            None => Ok(CheckedFile {
                path: self.path.clone(),
                kind,
                bytes,
            }),
        }
    }
}

/// A bundle read and checked: the files to write, and what was left out and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadBundle {
    /// Every file that passed its checks.
    pub files: Vec<CheckedFile>,
    /// Each file left out, with the reason (for the notice).
    pub skipped: Vec<String>,
    /// The bundle's version, when newer than this build's.
    pub newer: Option<u32>,
}

/// Reads a bundle's text: the files that pass their checks, and the reasons for the others.
/// Fails only when the text is not a bundle at all.
pub fn read_bundle(text: &str) -> Result<ReadBundle, FormatError> {
    if text.len() > MAX_BUNDLE_BYTES {
        return Err(FormatError::too_large(MAX_BUNDLE_BYTES));
    }
    let bundle: Bundle = ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| FormatError::ron(&e))?;
    if bundle.format != BUNDLE_FORMAT {
        return Err(FormatError {
            line: 1,
            message: format!(
                "not a Modern Gems data file (it says '{}')",
                shorten(&bundle.format)
            ),
        });
    }
    if bundle.files.len() > MAX_BUNDLE_FILES {
        return Err(FormatError {
            line: 1,
            message: format!("more than {MAX_BUNDLE_FILES} files"),
        });
    }
    let mut read = ReadBundle {
        newer: (bundle.version > BUNDLE_VERSION).then_some(bundle.version),
        ..ReadBundle::default()
    };
    for file in &bundle.files {
        match file.check() {
            Ok(checked) if read.files.iter().any(|f| f.path == checked.path) => {
                read.skipped.push(format!("{}: twice", checked.path));
            }
            Ok(checked) => read.files.push(checked),
            Err(why) => read.skipped.push(why),
        }
    }
    Ok(read)
}

/// The bundle's text.
pub fn bundle_to_text(bundle: &Bundle) -> Result<String, FormatError> {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(3)
        .extensions(Extensions::IMPLICIT_SOME);
    ron::ser::to_string_pretty(bundle, config).map_err(|e| FormatError {
        line: 1,
        message: e.to_string(),
    })
}

/// At most 80 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    let short: String = text.chars().take(80).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved game on a random board.
    fn save(seed: u64) -> String {
        use gems_rules::gems::{Game, Player, RemovalPolicy, random_board};
        let board = random_board(4, 4, 3, seed).unwrap();
        Game::new(board, RemovalPolicy::Chained, Player::Interactive).save_string()
    }

    fn bundle(files: Vec<BundleFile>) -> String {
        bundle_to_text(&Bundle {
            format: BUNDLE_FORMAT.into(),
            version: BUNDLE_VERSION,
            made: Some("2026-11-27".into()),
            files,
        })
        .unwrap()
    }

    #[test]
    fn export_bundles_round_trip_every_kind_of_file() {
        let png = crate::image::tests::encode(1, 1, png::ColorType::Rgba, &[1, 2, 3, 255]);
        let theme = Theme::default().to_text().unwrap();
        let save = save(1);
        let files = [
            (
                "scores.ron",
                "(version: 2, tables: {\"tiny\": [(score: 9)]})".as_bytes(),
            ),
            ("settings.ron", b"(theme: \"jewels\")"),
            ("themes/mine.theme.ron", theme.as_bytes()),
            ("themes/images/cat.png", &png),
            ("saves/evening.mg", save.as_bytes()),
        ];
        let text = bundle(
            files
                .iter()
                .map(|(p, b)| BundleFile::new(p, b).unwrap())
                .collect(),
        );
        let read = read_bundle(&text).unwrap();
        assert_eq!(read.skipped, Vec::<String>::new());
        assert_eq!(read.files.len(), files.len());
        for ((path, bytes), got) in files.iter().zip(&read.files) {
            assert_eq!((got.path.as_str(), got.bytes.as_slice()), (*path, *bytes));
        }
    }

    #[test]
    fn export_bundles_refuse_paths_outside_the_players_files() {
        for path in [
            "../scores.ron",
            "/etc/passwd",
            "themes/../../x.theme.ron",
            "themes/a/b.theme.ron",
            "themes/images/.png",
            "saves/..mg",
            "saves/a\\b.mg",
            "saves/.hidden.mg",
            "notes.txt",
            "saves/x.txt",
        ] {
            assert!(FileKind::of(path).is_err(), "{path} was accepted");
        }
        assert_eq!(FileKind::of("saves/My game.mg"), Ok(FileKind::Save));
    }

    #[test]
    fn export_bundles_skip_bad_files_and_keep_the_rest() {
        let text = bundle(vec![
            BundleFile::new("saves/good.mg", save(2).as_bytes()).unwrap(),
            BundleFile::new("saves/bad.mg", b"not a save").unwrap(),
            BundleFile {
                path: "themes/images/x.png".into(),
                text: Some("text where bytes belong".into()),
                base64: None,
            },
            BundleFile {
                path: "themes/images/y.png".into(),
                text: None,
                base64: Some("!!!".into()),
            },
            BundleFile {
                path: "../../evil".into(),
                text: Some(String::new()),
                base64: None,
            },
            BundleFile::new("saves/good.mg", save(3).as_bytes()).unwrap(),
        ]);
        let read = read_bundle(&text).unwrap();
        assert_eq!(read.files.len(), 1);
        assert_eq!(read.skipped.len(), 5, "{:?}", read.skipped);
        assert!(read.skipped.iter().any(|s| s.contains("bad.mg")));
        assert!(read.skipped.iter().any(|s| s.contains("twice")));
    }

    #[test]
    fn export_bundles_refuse_what_is_not_one_and_keep_a_newer_ones_known_files() {
        assert!(read_bundle("(format: \"something else\", version: 1, files: [])").is_err());
        assert!(read_bundle("not ron at all").is_err());
        assert!(read_bundle(&" ".repeat(MAX_BUNDLE_BYTES + 1)).is_err());
        let newer = "(format: \"modern-gems-data\", version: 9, files: [(path: \"settings.ron\", text: \"()\")])";
        let read = read_bundle(newer).map_err(|e| e.to_string()).unwrap();
        assert_eq!((read.newer, read.files.len()), (Some(9), 1));
    }
}

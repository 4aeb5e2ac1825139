//! The resume file: the game in progress, saved after each settled move as its setup and its
//! journal (every move, undo and redo, each in the game's own words), so that the next run
//! plays it again through the rules (see the game's `kit::resume`).

use serde::{Deserialize, Serialize};

/// The version of the resume file's format.
pub const RESUME_VERSION: u32 = 1;

/// The largest resume file read (a journal of many thousand moves fits).
const MAX_RESUME_BYTES: usize = 1 << 20;

/// What a resume file holds.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct ResumeFile {
    /// [`RESUME_VERSION`].
    pub version: u32,
    /// [`RULES_VERSION`] when it was written.
    pub rules: String,
    /// The game's screen (its slug).
    pub game: String,
    /// The game's setup, in its own words.
    pub setup: String,
    /// Every move, undo and redo since the setup, in order, in the game's own words.
    pub journal: Vec<String>,
    /// The day (`YYYY-MM-DD`) when the game is that day's daily challenge (absent otherwise,
    /// and in files written before dailies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
}

/// The text of a resume file.
pub fn to_text(file: &ResumeFile) -> String {
    ron::ser::to_string_pretty(file, ron::ser::PrettyConfig::default()).unwrap_or_default()
}

/// Reads a resume file's text for `game` under the rules of version `rules`, or why it does
/// not play here.
pub fn from_text(text: &str, game: &str, rules: &str) -> Result<ResumeFile, String> {
    if text.len() > MAX_RESUME_BYTES {
        return Err(format!("it is larger than {MAX_RESUME_BYTES} bytes"));
    }
    let file: ResumeFile = ron::from_str(text).map_err(|e| e.to_string())?;
    if file.version != RESUME_VERSION {
        return Err(format!(
            "it was written in format {} (this version reads {RESUME_VERSION})",
            file.version
        ));
    }
    if file.rules != rules {
        return Err(format!(
            "it was played under the rules of version {} (this is {rules})",
            file.rules
        ));
    }
    if file.game != game {
        return Err(format!("it is a game of {}", file.game));
    }
    Ok(file)
}

/// A How to play page's worked example (`assets/help/GAME.example.ron`): a game's setup and
/// the moves that reach the position the page shows, in the resume file's words, played
/// through the rules when the page opens.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The game's screen (its slug).
    pub game: String,
    /// The game's setup, in its own words.
    pub setup: String,
    /// The moves from the setup to the example's position.
    pub journal: Vec<String>,
}

/// Reads an example's text, or why it cannot be read.
pub fn example_from_text(text: &str) -> Result<Example, String> {
    if text.len() > MAX_RESUME_BYTES {
        return Err(format!("it is larger than {MAX_RESUME_BYTES} bytes"));
    }
    ron::from_str(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_files_of_other_versions_or_games_are_refused_with_the_reason() {
        let file = ResumeFile {
            version: RESUME_VERSION,
            rules: "1.0.0".into(),
            game: "dots".into(),
            setup: "6 5 20 1".into(),
            daily: None,
            journal: vec!["p 0,0 1,0".into(), "u".into()],
        };
        assert_eq!(
            from_text(&to_text(&file), "dots", "1.0.0"),
            Ok(file.clone())
        );
        let old = ResumeFile {
            rules: "0.0.1".into(),
            ..file.clone()
        };
        assert!(
            from_text(&to_text(&old), "dots", "1.0.0")
                .unwrap_err()
                .contains("rules of version 0.0.1")
        );
        assert!(
            from_text(&to_text(&file), "k-in-a-row", "1.0.0")
                .unwrap_err()
                .contains("a game of dots")
        );
        assert!(from_text("(version: 1", "dots", "1.0.0").is_err());
    }

    #[test]
    fn a_daily_resume_file_names_its_day_and_older_files_read_as_free_play() {
        let daily = ResumeFile {
            version: RESUME_VERSION,
            rules: "1.0.0".into(),
            game: "dots".into(),
            setup: "8 6 20 5".into(),
            journal: vec![],
            daily: Some("2026-11-27".into()),
        };
        let text = to_text(&daily);
        assert!(text.contains("daily: Some(\"2026-11-27\")"), "{text}");
        assert_eq!(from_text(&text, "dots", "1.0.0"), Ok(daily.clone()));
        let old =
            "(version: 1, rules: \"1.0.0\", game: \"dots\", setup: \"6 5 20 1\", journal: [])";
        assert_eq!(from_text(old, "dots", "1.0.0").map(|f| f.daily), Ok(None));
        let free = ResumeFile {
            daily: None,
            ..daily
        };
        assert!(!to_text(&free).contains("daily"), "free play writes no day");
    }

    #[test]
    fn examples_read_their_setup_and_moves_and_refuse_other_text() {
        let text = "(game: \"dots\", setup: \"6 5 20 5\", journal: [\"s 1,1 2,1\"])";
        assert_eq!(
            example_from_text(text),
            Ok(Example {
                game: "dots".into(),
                setup: "6 5 20 5".into(),
                journal: vec!["s 1,1 2,1".into()],
            })
        );
        assert!(example_from_text("(game: \"dots\")").is_err());
        assert!(example_from_text(&"x".repeat(MAX_RESUME_BYTES + 1)).is_err());
    }
}

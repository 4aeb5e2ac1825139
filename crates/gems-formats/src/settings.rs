//! Player settings (theme, volume, mute, reduced motion) as saved in `settings.ron`. The file
//! carries its schema version ([`SETTINGS_VERSION`]); a file from an earlier version loads,
//! and the fields of a newer version that this one does not know are written back as they
//! came.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::FormatError;

/// The theme a new player starts with: Jewels, the one with the game's own art.
pub const DEFAULT_THEME: &str = "jewels";

/// The desktop window's size at the first start, in logical pixels.
pub const DEFAULT_WINDOW_SIZE: (u32, u32) = (1280, 800);

/// The smallest and largest window size kept, in logical pixels (a hand-edited or odd value
/// is brought into this range).
pub const WINDOW_SIZES: ((u32, u32), (u32, u32)) = ((640, 400), (7680, 4320));

/// How far from the main screen's corner a remembered window may be, in pixels either way.
pub const WINDOW_POSITIONS: i32 = 16_384;

/// Largest settings file read, in bytes.
pub const MAX_SETTINGS_BYTES: usize = 16 * 1024;

/// The schema version this build writes (files without one are version 1).
pub const SETTINGS_VERSION: u32 = 2;

/// What the player chose in Settings.
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Theme file stem, e.g. `classic` for `assets/themes/classic.theme.ron`.
    pub theme: String,
    /// Master volume, 0..=1.
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
    /// Shorten or skip transitions.
    pub reduced_motion: bool,
    /// The game played last (its `--game` name), shown first on the title screen.
    pub last_game: String,
    /// The desktop window's size in logical pixels when it was last resized (the web's canvas
    /// fills the page instead).
    pub window_size: (u32, u32),
    /// Where the desktop window was last moved to (its top-left corner in physical pixels), on
    /// the platforms that tell (not Wayland); `None` lets the system place it.
    pub window_position: Option<(i32, i32)>,
    /// The games (by `--game` name) whose How to play page was offered on their first visit.
    pub help_offered: Vec<String>,
    /// Daily results go to the leaderboard server (off until the player turns it on).
    pub share_daily: bool,
    /// The name the leaderboards show (empty: the server's `Player` and a number).
    pub player_name: String,
    /// The leaderboard server's address (`https://…`); empty: `--server`, or on the web the
    /// page's own origin.
    pub server: String,
    /// Fields of a newer version this one does not know, written back as they came.
    #[serde(skip)]
    pub unknown: BTreeMap<String, ron::Value>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            theme: DEFAULT_THEME.to_string(),
            volume: 0.8,
            muted: false,
            reduced_motion: false,
            last_game: String::new(),
            window_size: DEFAULT_WINDOW_SIZE,
            window_position: None,
            help_offered: Vec::new(),
            share_daily: false,
            player_name: String::new(),
            server: String::new(),
            unknown: BTreeMap::new(),
        }
    }
}

impl Settings {
    /// Parses a settings file; missing fields keep their defaults and an out-of-range volume
    /// is clamped (a non-number volume becomes the default).
    pub fn parse(text: &str) -> Result<Self, FormatError> {
        if text.len() > MAX_SETTINGS_BYTES {
            return Err(FormatError::too_large(MAX_SETTINGS_BYTES));
        }
        // Checked whole first, so an error names its line.
        let mut s: Settings = ron::from_str(text).map_err(|e| FormatError::ron(&e))?;
        if let Ok(ron::Value::Map(fields)) = ron::from_str::<ron::Value>(text) {
            // The fields this version reads: those it writes, and the version.
            let known = match ron::to_string(&Settings::default()).map(|t| ron::from_str(&t)) {
                Ok(Ok(ron::Value::Map(known))) => known,
                _ => ron::Map::new(),
            };
            for (key, value) in fields {
                if let ron::Value::String(name) = &key
                    && name != "version"
                    && known.get(&key).is_none()
                    && crate::is_identifier(name)
                {
                    s.unknown.insert(name.clone(), value);
                }
            }
        }
        let ((w0, h0), (w1, h1)) = WINDOW_SIZES;
        s.window_size = (s.window_size.0.clamp(w0, w1), s.window_size.1.clamp(h0, h1));
        s.window_position = s.window_position.map(|(x, y)| {
            let far = WINDOW_POSITIONS;
            (x.clamp(-far, far), y.clamp(-far, far))
        });
        s.volume = if s.volume.is_finite() {
            s.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        Ok(s)
    }

    /// The settings as file text, with this build's version and any unknown fields (parses
    /// back to the same settings).
    pub fn to_text(&self) -> Result<String, FormatError> {
        let error = |e: ron::Error| FormatError {
            line: 1,
            message: e.to_string(),
        };
        let known =
            ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(error)?;
        // The known fields' lines, then the version and the unknown fields.
        let body = known
            .trim_end()
            .strip_suffix(')')
            .unwrap_or(&known)
            .trim_end();
        let mut out = format!("{body}\n    version: {SETTINGS_VERSION},\n");
        for (name, value) in &self.unknown {
            out.push_str(&format!(
                "    {name}: {},\n",
                ron::to_string(value).map_err(error)?
            ));
        }
        out.push_str(")\n");
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_defaults_and_clamping() {
        let s = Settings {
            theme: "neon".into(),
            volume: 0.3,
            muted: true,
            reduced_motion: true,
            last_game: "dots".into(),
            ..Settings::default()
        };
        assert_eq!(Settings::parse(&s.to_text().unwrap()), Ok(s));
        assert_eq!(Settings::parse("()"), Ok(Settings::default()));
        assert_eq!(Settings::parse("(volume: 7.0)").unwrap().volume, 1.0);
        assert_eq!(
            Settings::parse("(window_position: Some((5, -99999)))")
                .unwrap()
                .window_position,
            Some((5, -WINDOW_POSITIONS))
        );
        assert_eq!(
            Settings::parse("(window_size: (5, 99999))")
                .unwrap()
                .window_size,
            (640, 4320)
        );
        let e = Settings::parse("(\n theme: 3,\n)").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(Settings::parse(&" ".repeat(MAX_SETTINGS_BYTES + 1)).is_err());
    }

    #[test]
    fn a_newer_settings_file_loads_and_its_unknown_fields_survive_a_rewrite() {
        let newer =
            "(theme: \"neon\", version: 7, volume: 0.5, haptics: true, layout: (hand: \"left\"))";
        let s = Settings::parse(newer).unwrap();
        assert_eq!((s.theme.as_str(), s.volume), ("neon", 0.5));
        assert_eq!(s.unknown.len(), 2);
        let text = s.to_text().unwrap();
        assert!(
            text.contains(&format!("version: {SETTINGS_VERSION},")),
            "{text}"
        );
        assert_eq!(Settings::parse(&text), Ok(s));
    }
}

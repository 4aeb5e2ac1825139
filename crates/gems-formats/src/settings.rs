//! Player settings (theme, volume, mute, reduced motion) as saved in `settings.ron`.

use serde::{Deserialize, Serialize};

use crate::FormatError;

/// Largest settings file read, in bytes.
pub const MAX_SETTINGS_BYTES: usize = 16 * 1024;

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
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            theme: "classic".to_string(),
            volume: 0.8,
            muted: false,
            reduced_motion: false,
            last_game: String::new(),
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
        let mut s: Settings = ron::from_str(text).map_err(|e| FormatError::ron(&e))?;
        s.volume = if s.volume.is_finite() {
            s.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        Ok(s)
    }

    /// The settings as file text (parses back to the same settings).
    pub fn to_text(&self) -> Result<String, FormatError> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| {
            FormatError {
                line: 1,
                message: e.to_string(),
            }
        })
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
        };
        assert_eq!(Settings::parse(&s.to_text().unwrap()), Ok(s));
        assert_eq!(Settings::parse("()"), Ok(Settings::default()));
        assert_eq!(Settings::parse("(volume: 7.0)").unwrap().volume, 1.0);
        let e = Settings::parse("(\n theme: 3,\n)").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(Settings::parse(&" ".repeat(MAX_SETTINGS_BYTES + 1)).is_err());
    }
}

//! The player's settings as the games read them (theme, volume, mute, reduced motion), the file
//! they are kept in, and the on-screen notices for problems with player files. The Settings
//! window itself is the app's (`app::settings`).

use std::path::PathBuf;

use bevy::prelude::*;

pub use gems_formats::settings::Settings;

/// Where the settings are saved; `None` keeps them in memory only.
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile(pub Option<PathBuf>);

/// Reads the settings file; a missing file gives defaults, a bad one gives defaults and a
/// notice (and is not overwritten until the player changes a setting).
pub fn read_settings_file(path: Option<&std::path::Path>) -> (Settings, Option<String>) {
    let Some(path) = path else {
        return (Settings::default(), None);
    };
    match crate::kit::store::read_text(path) {
        Ok(Some(text)) => match Settings::parse(&text) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("{}: {e}", path.display())),
            ),
        },
        Ok(None) => (Settings::default(), None),
        Err(e) => (
            Settings::default(),
            Some(format!("{}: {e}", path.display())),
        ),
    }
}

/// Writes the settings atomically.
pub fn write_settings_file(settings: &Settings, path: &std::path::Path) -> Result<(), String> {
    let text = settings.to_text().map_err(|e| e.to_string())?;
    crate::kit::store::write_text(path, &text)
}

/// One message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// A problem (shown in red) rather than information.
    pub error: bool,
}

/// Messages shown on screen until dismissed (problems with theme, board, save or settings files).
#[derive(Resource, Clone, Debug, Default)]
pub struct Notices(pub Vec<Notice>);

impl Notices {
    /// Shows a problem on screen and in the log.
    pub fn warn(&mut self, text: impl Into<String>) {
        let text = text.into();
        tracing::warn!("{text}");
        // The web build has no log subscriber: the browser's console gets it (and the browser
        // test reads it there).
        #[cfg(target_arch = "wasm32")]
        web_sys::console::warn_1(&format!("notice: {text}").into());
        self.push(Notice { text, error: true });
    }

    /// Adds `notice` unless it is shown already, keeping the list short.
    fn push(&mut self, notice: Notice) {
        if self.0.iter().all(|n| n.text != notice.text) {
            self.0.push(notice);
        }
        if self.0.len() > 6 {
            self.0.remove(0);
        }
    }

    /// Shows information (not a problem) on screen.
    pub fn tell(&mut self, text: impl Into<String>) {
        let text = text.into();
        tracing::info!("{text}");
        self.push(Notice { text, error: false });
    }

    /// The texts of the notices shown, oldest first.
    pub fn texts(&self) -> Vec<String> {
        self.0.iter().map(|n| n.text.clone()).collect()
    }
}

/// Whether the Settings window is open.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsOpen(pub bool);

/// The theme names offered in Settings: (file stem, display name).
#[derive(Resource, Clone, Debug, Default)]
pub struct ThemeChoices(pub Vec<(String, String)>);

/// Tells the player, as notices, about the writes the browser refused (web).
pub fn storage_problems_plugin(app: &mut App) {
    app.init_resource::<Notices>().add_systems(
        Update,
        report_problems.run_if(bevy::time::common_conditions::on_timer(
            std::time::Duration::from_millis(500),
        )),
    );
}

/// Shows each refused write as a notice with what to do about it.
fn report_problems(mut notices: ResMut<Notices>) {
    use crate::kit::store::{FULL_ADVICE, problems};
    for problem in problems() {
        if problem.contains(FULL_ADVICE) {
            notices.warn(problem);
        } else {
            notices.warn(format!("{problem}. {FULL_ADVICE}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_bad_files_are_reported() {
        let dir = std::env::temp_dir().join(format!("gems-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("settings.ron");
        let s = Settings {
            theme: "neon".into(),
            volume: 0.3,
            muted: true,
            reduced_motion: true,
            ..Settings::default()
        };
        write_settings_file(&s, &path).unwrap();
        assert_eq!(read_settings_file(Some(&path)), (s, None));
        std::fs::write(&path, "(\n volume: \"loud\",\n)").unwrap();
        let (loaded, err) = read_settings_file(Some(&path));
        assert_eq!(loaded, Settings::default());
        assert!(err.unwrap().contains("line 2"));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "(\n volume: \"loud\",\n)"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

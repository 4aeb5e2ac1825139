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
    /// For information: when it was first on screen (the app's time), once it has been.
    pub since: Option<std::time::Duration>,
}

/// How long a notice that is information (a tip, a daily's result) stays on screen, so that
/// it does not hide the board; a problem stays until the player dismisses it.
pub const TELL_FOR: std::time::Duration = std::time::Duration::from_secs(12);

/// Messages shown on screen: problems with theme, board, save or settings files until
/// dismissed, information for [`TELL_FOR`].
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
        self.push(Notice {
            text,
            error: true,
            since: None,
        });
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
        self.push(Notice {
            text,
            error: false,
            since: None,
        });
    }

    /// The texts of the notices shown, oldest first.
    pub fn texts(&self) -> Vec<String> {
        self.0.iter().map(|n| n.text.clone()).collect()
    }

    /// Whether an information notice is new at `now` or has been shown for [`TELL_FOR`].
    fn due(&self, now: std::time::Duration) -> bool {
        (self.0.iter()).any(|n| !n.error && n.since.is_none_or(|t| now >= t + TELL_FOR))
    }

    /// At `now` (the app's time): marks when each new information notice came on screen and
    /// drops those shown for [`TELL_FOR`]; problems stay.
    pub fn expire(&mut self, now: std::time::Duration) {
        self.0.retain_mut(|n| {
            let since = *n.since.get_or_insert(now);
            n.error || now < since + TELL_FOR
        });
    }
}

/// Information notices leave by themselves ([`Notices::expire`], on the app's real time: a
/// paused game's tip leaves too).
pub fn expire_notices(time: Res<Time<Real>>, notices: Option<ResMut<Notices>>) {
    let Some(mut notices) = notices else { return };
    let now = time.elapsed();
    // Only a notice to stamp or drop changes the resource.
    if notices.due(now) {
        notices.expire(now);
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

    /// A tip leaves the screen by itself after [`TELL_FOR`] on screen (counted from when the
    /// app first had it, on the app's real time); a problem stays until dismissed.
    #[test]
    fn information_notices_leave_after_a_while_and_problems_stay() {
        use bevy::time::TimeUpdateStrategy;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_secs(1),
            ))
            .init_resource::<Notices>()
            .add_systems(Update, expire_notices);
        app.update();
        {
            let mut notices = app.world_mut().resource_mut::<Notices>();
            notices.warn("the theme file is broken");
            notices.tell("New to Dots? Press ? for How to play.");
        }
        let texts = |app: &App| app.world().resource::<Notices>().texts();
        for _ in 0..TELL_FOR.as_secs() - 1 {
            app.update();
            assert_eq!(texts(&app).len(), 2, "the tip is still shown");
        }
        app.update();
        app.update();
        assert_eq!(texts(&app), vec!["the theme file is broken".to_string()]);
        for _ in 0..60 {
            app.update();
        }
        assert_eq!(texts(&app).len(), 1, "a problem stays until dismissed");
        // A tip told again later gets its own time on screen.
        app.world_mut()
            .resource_mut::<Notices>()
            .tell("New to Dots? Press ? for How to play.");
        app.update();
        assert_eq!(texts(&app).len(), 2);
    }
}

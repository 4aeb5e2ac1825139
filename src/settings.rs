//! Player settings (theme, volume, mute, reduced motion), kept across runs and written
//! atomically, and on-screen notices for problems with player files.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::schedule::AppResources;
use crate::kit::ui::UiPalette;
use crate::paths::DataDir;
use crate::theme::Theme;

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
    match crate::store::read_text(path) {
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
    crate::store::write_text(path, &text)
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
        if self.0.iter().all(|n| n.text != text) {
            self.0.push(Notice { text, error: true });
        }
        // Keep the list short.
        if self.0.len() > 6 {
            self.0.remove(0);
        }
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

/// Settings, their persistence, the Settings window and the notices.
pub fn plugin(app: &mut App) {
    app.init_resources::<(Notices, SettingsOpen, ThemeChoices)>()
        .add_systems(Startup, load_settings)
        .add_systems(Update, save_settings.run_if(resource_changed::<Settings>))
        .add_systems(EguiPrimaryContextPass, (settings_window, notices_window));
}

fn load_settings(mut commands: Commands, data: Res<DataDir>, mut notices: ResMut<Notices>) {
    let path = data.file("settings.ron");
    let (settings, error) = read_settings_file(path.as_deref());
    if let Some(e) = error {
        notices.warn(format!("Settings file ignored: {e}"));
    }
    commands.insert_resource(settings);
    commands.insert_resource(SettingsFile(path));
}

fn save_settings(
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    mut notices: ResMut<Notices>,
    mut first: Local<bool>,
) {
    // The first change is the load itself.
    if !*first {
        *first = true;
        return;
    }
    if let Some(path) = &file.0
        && let Err(e) = write_settings_file(&settings, path)
    {
        notices.warn(format!(
            "Could not save settings to {}: {e}",
            path.display()
        ));
    }
}

fn settings_window(
    mut contexts: EguiContexts,
    mut open: ResMut<SettingsOpen>,
    settings: Option<ResMut<Settings>>,
    choices: Res<ThemeChoices>,
    editor: Option<ResMut<crate::editor::ThemeEditor>>,
) -> Result {
    let Some(mut settings) = settings else {
        return Ok(());
    };
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    egui::Window::new("Settings")
        .open(&mut open.0)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
                ui.label("Theme");
                let current = choices
                    .0
                    .iter()
                    .find(|(stem, _)| *stem == s.theme)
                    .map_or(s.theme.clone(), |(_, name)| name.clone());
                egui::ComboBox::from_id_salt("theme")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (stem, name) in &choices.0 {
                            ui.selectable_value(&mut s.theme, stem.clone(), name);
                        }
                    });
                ui.end_row();
                ui.label("Volume");
                ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0));
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut s.muted, "Mute");
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut s.reduced_motion, "Reduced motion (skip animations)");
                ui.end_row();
            });
            if let Some(mut editor) = editor
                && ui
                    .button("Theme editor…")
                    .on_hover_text("Make your own theme from any theme, and see it live")
                    .clicked()
            {
                editor.open = true;
            }
        });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

fn notices_window(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    theme: Option<Res<Theme>>,
) -> Result {
    if notices.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let pal = theme.map_or_else(|| UiPalette::of(&Theme::default()), |t| UiPalette::of(&t));
    let mut dismiss = None;
    egui::Area::new(egui::Id::new("notices"))
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-10.0, -50.0))
        .show(ctx, |ui| {
            for (i, n) in notices.0.iter().enumerate() {
                pal.bar_frame()
                    .inner_margin(egui::Margin::same(8))
                    .corner_radius(6.0)
                    .show(ui, |ui| {
                        ui.set_max_width(520.0);
                        ui.horizontal(|ui| {
                            let size = 14.0;
                            ui.label(if n.error {
                                pal.bad_text(&n.text, size)
                            } else {
                                pal.good_text(&n.text, size)
                            });
                            if ui.small_button("x").clicked() {
                                dismiss = Some(i);
                            }
                        });
                    });
            }
        });
    if let Some(i) = dismiss {
        notices.0.remove(i);
    }
    Ok(())
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

//! The Settings window (theme, volume, mute, reduced motion, the theme editor, Export my data
//! and Import), the settings
//! kept across runs, and the window of on-screen notices.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::palette::Palette;
use crate::kit::paths::DataDir;
use crate::kit::schedule::AppResources;

use crate::kit::settings::{
    Notices, Settings, SettingsFile, SettingsOpen, ThemeChoices, read_settings_file,
    write_settings_file,
};

/// Settings, their persistence, the Settings window and the notices.
pub fn plugin(app: &mut App) {
    app.init_resources::<(Notices, SettingsOpen, ThemeChoices)>()
        .add_message::<crate::app::my_data::MyDataRequest>()
        .add_systems(Startup, load_settings)
        .add_systems(
            Startup,
            |opts: Option<Res<crate::kit::launch::LaunchOptions>>,
             mut open: ResMut<SettingsOpen>| {
                if opts.is_some_and(|o| o.settings) {
                    open.0 = true;
                }
            },
        )
        .add_systems(Last, save_settings.run_if(resource_exists::<Settings>))
        .add_systems(Update, crate::kit::settings::expire_notices)
        .add_systems(EguiPrimaryContextPass, (settings_window, notices_window));
}

/// Reads the player's settings from `data` into `world` (the [`Settings`], where they are
/// kept, and a notice when the file was ignored). The game's window is made from them
/// (its size), so the app reads them while it is built; headless apps read them at start.
pub fn insert_settings(world: &mut World, data: &DataDir) {
    let path = data.file("settings.ron");
    let (settings, error) = read_settings_file(path.as_deref());
    if let Some(e) = error {
        world
            .get_resource_or_init::<Notices>()
            .warn(format!("Settings file ignored: {e}"));
    }
    world.insert_resource(settings);
    world.insert_resource(SettingsFile(path));
}

/// Reads the settings at start when the app was built without them (headless apps).
fn load_settings(world: &mut World) {
    if world.contains_resource::<Settings>() {
        return;
    }
    if let Some(data) = world.get_resource::<DataDir>().cloned() {
        insert_settings(world, &data);
    }
}

/// Seconds the settings must stay unchanged before they are written: a dragged slider
/// changes them every frame, and the file is written once, when it is let go.
pub const SETTLE_SECONDS: f32 = 0.5;

/// Writes the settings once they have settled ([`SETTLE_SECONDS`] without a change), or at
/// once when the app is closing with a change not yet written.
fn save_settings(
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    time: Res<Time>,
    mut exits: MessageReader<AppExit>,
    mut notices: ResMut<Notices>,
    mut state: Local<(bool, Option<f32>)>,
) {
    let (loaded, pending) = &mut *state;
    if settings.is_changed() {
        // The first change is the load itself.
        if *loaded {
            *pending = Some(0.0);
        }
        *loaded = true;
        return;
    }
    let Some(unchanged) = pending else {
        return;
    };
    *unchanged += time.delta_secs();
    if *unchanged < SETTLE_SECONDS && exits.read().next().is_none() {
        return;
    }
    *pending = None;
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
    editor: Option<ResMut<crate::app::editor::ThemeEditor>>,
    my_data: Option<ResMut<crate::app::my_data::MyDataPanel>>,
    mut requests: MessageWriter<crate::app::my_data::MyDataRequest>,
    mut typed: Local<SharingFields>,
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
                sharing_rows(ui, &mut s, &mut typed);
            });
            if let Some(mut editor) = editor
                && ui
                    .button("Theme editor…")
                    .on_hover_text("Make your own theme from any theme, and see it live")
                    .clicked()
            {
                editor.open = true;
            }
            if let Some(mut panel) = my_data {
                ui.separator();
                if let Some(request) = crate::app::my_data::section(ui, &mut panel) {
                    requests.write(request);
                }
            }
        });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

/// The name and server address as typed: they take effect when the field is left (or Enter),
/// so the server is not sent every keystroke.
#[derive(Default)]
struct SharingFields {
    name: Option<String>,
    server: Option<String>,
}

/// Settings' leaderboard rows: sharing on or off, the name, and (on the desktop) the server.
fn sharing_rows(ui: &mut egui::Ui, s: &mut Settings, typed: &mut SharingFields) {
    ui.label("Leaderboards");
    ui.checkbox(&mut s.share_daily, "Share my daily results")
        .on_hover_text(
            "When a daily ends, its moves go to the leaderboard server, which replays them and ranks you. \
             Nothing is sent while this is off.",
        );
    ui.end_row();
    if !s.share_daily {
        return;
    }
    ui.label("Name");
    let name = typed.name.get_or_insert_with(|| s.player_name.clone());
    let field = ui.add(
        egui::TextEdit::singleline(name)
            .hint_text("Player and a number")
            .char_limit(24)
            .desired_width(180.0),
    );
    if field.lost_focus() {
        s.player_name = name.trim().to_string();
    }
    ui.end_row();
    if cfg!(target_arch = "wasm32") {
        return;
    }
    ui.label("Server");
    let server = typed.server.get_or_insert_with(|| s.server.clone());
    let field = ui.add(
        egui::TextEdit::singleline(server)
            .hint_text("https://…")
            .desired_width(180.0),
    );
    let valid = server.trim().is_empty() || gems_formats::leaderboard::server_url(server).is_ok();
    if field.lost_focus() && valid {
        s.server = server.trim().trim_end_matches('/').to_string();
    }
    ui.end_row();
    if !valid {
        ui.label("");
        ui.label("An address such as https://gems.example.org");
        ui.end_row();
    }
}

fn notices_window(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    palette: Option<Res<Palette>>,
) -> Result {
    if notices.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let pal = palette.map_or_else(|| Palette::default().ui, |p| p.ui);
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

//! The theme editor and the player's own themes. From Settings, the editor starts from any
//! theme and changes each gem kind's colour, shape and image, the board and background, the
//! menus' colours, the timings and the effects, with the game behind it restyled live. "Save
//! as" writes `NAME.theme.ron` into `themes/` in the player's data directory (browser storage
//! on the web), where the game finds it again beside the shipped themes. A player's theme never
//! replaces a theme under `assets/`; a bad name or a failed write is a notice in the editor.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

mod sections;
mod yours;

pub use sections::hex_of;
use sections::{
    board_section, effects_section, gems_section, menus_section, table_section, timings_section,
};
#[cfg(not(target_arch = "wasm32"))]
use yours::import_dropped;
#[cfg(target_arch = "wasm32")]
use yours::import_picked;
use yours::{delete_yours, import_row, start_import, yours_section};

use crate::app::library::{DraftOnScreen, PlayerThemes, ThemeLibrary};
use crate::app::player_images::PlayerImages;
use crate::kit::paths::DataDir;
use crate::kit::schedule::AppResources;
use crate::kit::settings::{Notices, Settings, ThemeChoices};
use crate::kit::text_asset::Rescan;
use crate::kit::theme::{PLAYER_IMAGE_PREFIX, Theme, ThemeAsset, player_theme_stem};

/// The editor's state: open or not, and the theme being edited (shown live while open).
#[derive(Resource, Clone, Debug, Default)]
pub struct ThemeEditor {
    /// The window is open.
    pub open: bool,
    /// The theme being edited; while it is `Some`, it is the theme on screen.
    pub draft: Option<Theme>,
    /// The theme it started from (file stem).
    pub base: String,
    /// The name "Save as" uses.
    pub name: String,
    /// The last result of saving: (text, is an error).
    pub message: Option<(String, bool)>,
    /// The images the image menus offer (found when the editor opens, and after an import).
    pub images: Vec<String>,
    /// The path typed in the import field (desktop).
    pub import_path: String,
}

/// The folder of the player's themes.
fn folder(data: &DataDir) -> Option<std::path::PathBuf> {
    data.file("themes")
}

/// Reads every `*.theme.ron` in the player's theme folder; a file that does not parse is left
/// out and reported.
pub fn load_player_themes(data: &DataDir) -> (Vec<(String, Theme)>, Vec<String>) {
    let Some(dir) = folder(data) else {
        return (Vec::new(), Vec::new());
    };
    let mut themes = Vec::new();
    let mut errors = Vec::new();
    for file in crate::kit::store::list(&dir, ".theme.ron") {
        let path = dir.join(&file);
        let stem = file.trim_end_matches(".theme.ron").to_string();
        match crate::kit::store::read_text(&path) {
            Ok(Some(text)) => match Theme::parse(&text) {
                Ok(t) => {
                    if let Some(notice) = t.newer_notice() {
                        errors.push(format!("Your theme {}: {notice}", path.display()));
                    }
                    themes.push((stem, t));
                }
                Err(e) => errors.push(format!("Your theme {} has a mistake: {e}", path.display())),
            },
            Ok(None) => {}
            Err(e) => errors.push(format!("Your theme {} cannot be read: {e}", path.display())),
        }
    }
    (themes, errors)
}

/// Saves `theme` as the player's theme called `name`; returns its file stem. Refuses names
/// that are not usable as file names and names of themes under `assets/` (`taken`).
pub fn save_player_theme(
    data: &DataDir,
    name: &str,
    theme: &Theme,
    taken: &[String],
) -> Result<String, String> {
    let stem = player_theme_stem(name)?;
    if taken.contains(&stem) {
        return Err(format!(
            "'{stem}' is the name of a theme that comes with the game; choose another name"
        ));
    }
    let dir = folder(data).ok_or("there is no data directory to save themes in")?;
    let mut theme = theme.clone();
    theme.name = name.trim().to_string();
    // Written in this version's format, whatever the theme it started from.
    theme.version = gems_formats::theme::THEME_VERSION;
    let text = theme.to_text().map_err(|e| e.to_string())?;
    // What is written must read back as the same theme.
    Theme::parse(&text).map_err(|e| format!("the theme would not read back: {e}"))?;
    let path = dir.join(format!("{stem}.theme.ron"));
    crate::kit::store::write_text(&path, &text)
        .map_err(|e| format!("could not write {}: {e}", path.display()))?;
    Ok(stem)
}

/// The player's themes and the editor.
pub fn plugin(app: &mut App) {
    app.init_resources::<(PlayerThemes, ThemeEditor, DraftOnScreen)>()
        .add_systems(
            Startup,
            |opts: Option<Res<crate::kit::launch::LaunchOptions>>, mut e: ResMut<ThemeEditor>| {
                e.open = opts.is_some_and(|o| o.edit_theme);
            },
        )
        .add_systems(
            Update,
            (reload_player_themes, show_draft)
                .chain()
                .before(crate::app::library::LibrarySystems),
        )
        .add_systems(EguiPrimaryContextPass, editor_window);
    // (The window adds the message; headless apps have none to send.)
    #[cfg(not(target_arch = "wasm32"))]
    app.add_message::<bevy::window::FileDragAndDrop>()
        .add_systems(
            Update,
            import_dropped.run_if(on_message::<bevy::window::FileDragAndDrop>),
        );
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, import_picked);
}

/// Reads the player's themes at start and whenever the asset folders are scanned again.
fn reload_player_themes(
    mut rescan: MessageReader<Rescan>,
    data: Option<Res<DataDir>>,
    mut themes: ResMut<PlayerThemes>,
    mut notices: ResMut<Notices>,
) {
    if rescan.read().count() == 0 {
        return;
    }
    let Some(data) = data else { return };
    let (found, errors) = load_player_themes(&data);
    for e in errors {
        notices.warn(e);
    }
    if themes.0 != found {
        themes.0 = found;
    }
}

/// While the editor has a draft, the draft is the theme on screen; once the editor closes,
/// the chosen theme comes back.
fn show_draft(
    mut editor: ResMut<ThemeEditor>,
    settings: Option<Res<Settings>>,
    mut library: ResMut<ThemeLibrary>,
    mut theme: ResMut<Theme>,
    mut on_screen: ResMut<DraftOnScreen>,
) {
    if !editor.is_changed() {
        return;
    }
    if !editor.open && editor.draft.is_some() {
        editor.draft = None;
        library.active.clear();
    }
    on_screen.set_if_neq(DraftOnScreen(editor.draft.is_some()));
    if !editor.open {
        return;
    }
    let Some(draft) = &editor.draft else { return };
    let next = if settings.is_some_and(|s| s.reduced_motion) {
        draft.clone().with_reduced_motion()
    } else {
        draft.clone()
    };
    if *theme != next {
        *theme = next;
    }
}

/// The theme saved as `stem`: a theme under `assets/`, or one of the player's.
fn source_theme(
    stem: &str,
    library: &ThemeLibrary,
    assets: &Assets<ThemeAsset>,
    mine: &PlayerThemes,
) -> Option<Theme> {
    let shipped = library.themes.iter().find(|(s, _)| s == stem);
    shipped
        .and_then(|(_, h)| assets.get(h).map(|a| a.0.clone()))
        .or_else(|| mine.get(stem).cloned())
}

/// Every image the image menus offer: the ones the themes name, every PNG under
/// `assets/themes/` and the folders there (desktop; the web cannot list its files), and the
/// player's own.
fn known_images(
    library: &ThemeLibrary,
    assets: &Assets<ThemeAsset>,
    mine: &PlayerThemes,
    player: Option<&PlayerImages>,
) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    let from_assets = library
        .themes
        .iter()
        .filter_map(|(_, h)| assets.get(h))
        .map(|a| &a.0);
    for t in from_assets.chain(mine.0.iter().map(|(_, t)| t)) {
        all.extend(t.images().into_iter().map(String::from));
    }
    #[cfg(not(target_arch = "wasm32"))]
    all.extend(shipped_pngs(&crate::kit::paths::asset_dir()));
    all.extend(player.map(PlayerImages::paths).unwrap_or_default());
    all.sort();
    all.dedup();
    all
}

/// The PNGs in `assets/themes/` and its folders, as theme paths.
#[cfg(not(target_arch = "wasm32"))]
fn shipped_pngs(assets: &std::path::Path) -> Vec<String> {
    let themes = assets.join("themes");
    let folders = std::fs::read_dir(&themes)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| format!("themes/{}", e.file_name().to_string_lossy()));
    std::iter::once("themes".to_string())
        .chain(folders)
        .flat_map(|folder| {
            crate::kit::store::list(&assets.join(&folder), ".png")
                .into_iter()
                .map(move |f| format!("{folder}/{f}"))
        })
        .collect()
}

/// What the editor window reads and changes.
#[derive(bevy::ecs::system::SystemParam)]
struct EditorParams<'w> {
    editor: ResMut<'w, ThemeEditor>,
    settings: Option<ResMut<'w, Settings>>,
    library: ResMut<'w, ThemeLibrary>,
    assets: Res<'w, Assets<ThemeAsset>>,
    mine: ResMut<'w, PlayerThemes>,
    choices: Res<'w, ThemeChoices>,
    data: Option<Res<'w, DataDir>>,
    notices: ResMut<'w, Notices>,
    rescan: MessageWriter<'w, Rescan>,
    player_images: Option<Res<'w, PlayerImages>>,
}

fn editor_window(mut contexts: EguiContexts, mut p: EditorParams) -> Result {
    if !p.editor.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if p.editor.draft.is_none() {
        // Start from the theme on screen (a --theme flag wins over the settings).
        let stem = match (&p.library.forced, &p.settings) {
            (Some(forced), _) => forced.clone(),
            (None, Some(s)) => s.theme.clone(),
            (None, None) => gems_formats::settings::DEFAULT_THEME.into(),
        };
        // Not loaded yet: try again next frame.
        let Some(start) = source_theme(&stem, &p.library, &p.assets, &p.mine) else {
            return Ok(());
        };
        p.editor.name = format!("{} copy", start.name);
        p.editor.images = known_images(&p.library, &p.assets, &p.mine, p.player_images.as_deref());
        p.editor.draft = Some(start);
        p.editor.base = stem;
    }
    let images = p.editor.images.clone();
    let mut open = true;
    let mut draft = p.editor.draft.clone().unwrap_or_default();
    let mut base = p.editor.base.clone();
    let mut name = p.editor.name.clone();
    let mut save = false;
    let mut import = false;
    let mut import_path = p.editor.import_path.clone();
    let mut delete = None;
    egui::Window::new("Theme editor")
        .open(&mut open)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 56.0))
        .default_width(380.0)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Start from");
                let current = p
                    .choices
                    .0
                    .iter()
                    .find(|(s, _)| *s == base)
                    .map_or(base.clone(), |(_, n)| n.clone());
                egui::ComboBox::from_id_salt("editor-base")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (stem, display) in &p.choices.0 {
                            if ui.selectable_label(*stem == base, display).clicked() {
                                base = stem.clone();
                                if let Some(t) = source_theme(stem, &p.library, &p.assets, &p.mine)
                                {
                                    name = format!("{} copy", t.name);
                                    draft = t;
                                }
                            }
                        }
                    });
            });
            egui::ScrollArea::vertical()
                .max_height(ui.ctx().content_rect().height() - 200.0)
                .show(ui, |ui| {
                    import = import_row(ui, &mut import_path);
                    gems_section(ui, &mut draft, &images);
                    board_section(ui, &mut draft, &images);
                    table_section(ui, &mut draft);
                    menus_section(ui, &mut draft);
                    timings_section(ui, &mut draft);
                    effects_section(ui, &mut draft);
                    delete = yours_section(ui, &p.mine, &images);
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.add(egui::TextEdit::singleline(&mut name).desired_width(170.0));
                save = ui.button("Save as").clicked();
            });
            if let Some((text, error)) = &p.editor.message {
                let c = if *error {
                    ui.visuals().error_fg_color
                } else {
                    ui.visuals().strong_text_color()
                };
                ui.colored_label(c, text);
            }
        });
    p.editor.import_path = import_path;
    if let Some(which) = delete {
        delete_yours(&mut p, which);
    }
    if import {
        start_import(&mut p);
    }
    if save {
        let taken: Vec<String> = p.library.themes.iter().map(|(s, _)| s.clone()).collect();
        let data = p.data.as_deref().cloned().unwrap_or_default();
        match save_player_theme(&data, &name, &draft, &taken) {
            Ok(stem) => {
                draft.name = name.trim().to_string();
                p.editor.message = Some((format!("Saved as {stem}.theme.ron"), false));
                // Known at once (the rescan reads it back from disk too).
                match p.mine.0.iter_mut().find(|(s, _)| *s == stem) {
                    Some(slot) => slot.1 = draft.clone(),
                    None => p.mine.0.push((stem.clone(), draft.clone())),
                }
                if let Some(settings) = p.settings.as_mut() {
                    settings.theme = stem.clone();
                }
                base = stem;
                p.rescan.write(Rescan);
            }
            Err(e) => {
                p.notices.warn(format!("Theme not saved: {e}"));
                p.editor.message = Some((e, true));
            }
        }
    }
    let e = &mut *p.editor;
    e.open = open;
    if e.draft.as_ref() != Some(&draft) {
        e.draft = Some(draft);
    }
    e.base = base;
    e.name = name;
    Ok(())
}

/// An image's short name: its file name, marked when it is the player's.
fn image_label(path: &str) -> String {
    match path.strip_prefix(PLAYER_IMAGE_PREFIX) {
        Some(name) => format!("{name} (yours)"),
        None => path.rsplit('/').next().unwrap_or(path).to_string(),
    }
}

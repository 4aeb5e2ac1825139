//! The player's own files in the theme editor: importing a PNG (a path or a dropped file on the
//! desktop, the browser's file picker on the web) and deleting the player's themes and images.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{EditorParams, ThemeEditor, folder, image_label};
use crate::app::library::PlayerThemes;
use crate::app::player_images::PlayerImages;
use crate::kit::settings::Notices;
use crate::kit::text_asset::Rescan;
use crate::kit::theme::PLAYER_IMAGE_PREFIX;

/// One of the player's own files the editor can delete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Yours {
    /// A theme of theirs, by file stem.
    Theme(String),
    /// An image they imported, by theme path (`yours://NAME.png`).
    Image(String),
}

/// The player's themes and imported images, each with Delete (which frees browser storage on
/// the web); the one asked to be deleted, if any.
pub(super) fn yours_section(
    ui: &mut egui::Ui,
    mine: &PlayerThemes,
    images: &[String],
) -> Option<Yours> {
    let imported: Vec<&String> = images
        .iter()
        .filter(|i| i.starts_with(PLAYER_IMAGE_PREFIX))
        .collect();
    if mine.0.is_empty() && imported.is_empty() {
        return None;
    }
    let mut asked = None;
    ui.collapsing("Your themes and images", |ui| {
        let mut row = |ui: &mut egui::Ui, label: String, which: Yours| {
            ui.horizontal(|ui| {
                if ui
                    .small_button("Delete")
                    .on_hover_text("Deleted for good (Export my data in Settings keeps a copy)")
                    .clicked()
                {
                    asked = Some(which);
                }
                ui.label(label);
            });
        };
        for (stem, theme) in &mine.0 {
            row(
                ui,
                format!("Theme {} ({stem})", theme.name),
                Yours::Theme(stem.clone()),
            );
        }
        for path in imported {
            row(
                ui,
                format!("Image {}", image_label(path)),
                Yours::Image(path.clone()),
            );
        }
    });
    asked
}

/// Deletes one of the player's themes or images and says so; the theme on screen goes back
/// to the default one when it was the one deleted.
pub(super) fn delete_yours(p: &mut EditorParams, which: Yours) {
    let data = p.data.as_deref().cloned().unwrap_or_default();
    let result = match &which {
        Yours::Theme(stem) => folder(&data)
            .ok_or_else(|| "there is no data directory".to_string())
            .and_then(|dir| crate::kit::store::remove(&dir.join(format!("{stem}.theme.ron"))))
            .map(|()| {
                p.mine.0.retain(|(s, _)| s != stem);
                if let Some(settings) = p.settings.as_mut()
                    && settings.theme == *stem
                {
                    settings.theme = gems_formats::settings::DEFAULT_THEME.into();
                }
                format!("Deleted your theme {stem}")
            }),
        Yours::Image(path) => match p.player_images.as_deref() {
            Some(images) => images.delete(path).map(|()| {
                p.editor.images.retain(|i| i != path);
                format!("Deleted {}", image_label(path))
            }),
            None => Err("there are no images of yours here".into()),
        },
    };
    match result {
        Ok(text) => {
            p.editor.message = Some((text, false));
            p.rescan.write(Rescan);
        }
        Err(e) => {
            let e = format!("Not deleted: {e}");
            p.notices.warn(e.clone());
            p.editor.message = Some((e, true));
        }
    }
}

/// The row that imports the player's own PNG: a path field and a button on the desktop (or a
/// file dropped on the window), the browser's file picker on the web. True when asked.
pub(super) fn import_row(ui: &mut egui::Ui, path: &mut String) -> bool {
    let mut asked = false;
    ui.horizontal(|ui| {
        ui.label("Your image");
        #[cfg(not(target_arch = "wasm32"))]
        {
            let field = ui.add(
                egui::TextEdit::singleline(path)
                    .hint_text("a PNG file's path, or drop one")
                    .desired_width(190.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            asked = ui.button("Import").clicked() || entered;
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = path;
            asked = ui.button("Import a PNG…").clicked();
        }
    });
    asked
}

/// Imports what the import row names (desktop), or opens the browser's file picker (web: the
/// picked file arrives later, in [`import_picked`]).
pub(super) fn start_import(p: &mut EditorParams) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let path = p.editor.import_path.trim().to_string();
        if path.is_empty() {
            p.editor.message = Some(("Type the path of a PNG file first".into(), true));
            return;
        }
        let Some(images) = p.player_images.as_deref() else {
            return;
        };
        let result = images.import_file(std::path::Path::new(&path));
        if result.is_ok() {
            p.editor.import_path.clear();
        }
        imported(&mut p.editor, &mut p.notices, images, result);
    }
    #[cfg(target_arch = "wasm32")]
    if !crate::kit::picker::open(
        IMAGE_PICK,
        "image/png",
        crate::app::player_images::MAX_IMPORT_BYTES as u64,
    ) {
        p.editor.message = Some(("This page cannot open files".into(), true));
    }
}

/// Reports an import in the editor (and as a notice when it failed); a new image joins the
/// menus at once.
fn imported(
    editor: &mut ThemeEditor,
    notices: &mut Notices,
    images: &PlayerImages,
    result: Result<String, String>,
) {
    match result {
        Ok(path) => {
            let name = image_label(&path);
            editor.message = Some((
                format!("Imported {name}: choose it in an image menu"),
                false,
            ));
            for i in images.paths() {
                if !editor.images.contains(&i) {
                    editor.images.push(i);
                }
            }
        }
        Err(e) => {
            notices.warn(e.clone());
            editor.message = Some((e, true));
        }
    }
}

/// A PNG file dropped on the window while the editor is open is imported (desktop).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn import_dropped(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut editor: ResMut<ThemeEditor>,
    mut notices: ResMut<Notices>,
    images: Option<Res<PlayerImages>>,
) {
    for drop in drops.read() {
        let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = drop else {
            continue;
        };
        if let (true, Some(images)) = (editor.open, images.as_deref()) {
            let result = images.import_file(path_buf);
            imported(&mut editor, &mut notices, images, result);
        }
    }
}

/// What the editor's file picker is for (web).
#[cfg(target_arch = "wasm32")]
const IMAGE_PICK: &str = "theme-image";

/// The file the player picked in the browser's file picker is imported (web).
#[cfg(target_arch = "wasm32")]
pub(super) fn import_picked(
    mut editor: ResMut<ThemeEditor>,
    mut notices: ResMut<Notices>,
    images: Option<Res<PlayerImages>>,
) {
    if !editor.open {
        return;
    }
    if let (Some((name, bytes)), Some(images)) =
        (crate::kit::picker::take(IMAGE_PICK), images.as_deref())
    {
        let result = match bytes {
            Ok(bytes) => images.import(&name, &bytes),
            Err(size) => Err(crate::app::player_images::too_large(&name, size)
                .unwrap_or_else(|| format!("{name} was not imported: it could not be read"))),
        };
        imported(&mut editor, &mut notices, images, result);
    }
}

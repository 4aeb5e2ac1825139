//! Settings → "Export my data" and "Import": the player's high scores, settings, themes,
//! images and saved games in one `.mgdata` file ([`gems_formats::bundle`]), to move between
//! the browser and the desktop or to keep a backup. The desktop writes the file to the
//! Downloads folder (the data directory when there is none) and imports from a path; the web
//! downloads it and imports through the browser's file picker.
//!
//! An import checks every file before writing any; the high scores are merged with the
//! player's (never replaced), the settings replaced, and themes, images and saves written
//! beside the player's own (one of the same name replaced). A bad file is a notice and
//! changes nothing.

use bevy::prelude::*;
use gems_formats::bundle::{
    BUNDLE_EXTENSION, BUNDLE_FORMAT, BUNDLE_VERSION, Bundle, BundleFile, FileKind,
    MAX_BUNDLE_BYTES, read_bundle,
};

use crate::app::player_images::PlayerImages;
use crate::kit::paths::DataDir;
use crate::kit::scores::HighScores;
use crate::kit::settings::{Notices, Settings, read_settings_file};
use crate::kit::text_asset::Rescan;

/// What the player asked of their data, from the Settings window.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum MyDataRequest {
    /// Export everything to one file.
    Export,
    /// Import a file: its path on the desktop; on the web the picker opens.
    Import(String),
}

/// The Settings window's part: the import path typed (desktop) and the last result.
#[derive(Resource, Clone, Debug, Default)]
pub struct MyDataPanel {
    /// The path typed in the import field (desktop).
    pub import_path: String,
    /// The last result: (text, is an error).
    pub message: Option<(String, bool)>,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Files written (or merged, for the scores).
    pub written: usize,
    /// Files left out, each with its reason.
    pub skipped: Vec<String>,
    /// The bundle's version, when newer than this build's.
    pub newer: Option<u32>,
}

impl Imported {
    /// One line for the player.
    pub fn summary(&self) -> String {
        let mut text = format!("Imported {} files", self.written);
        if let Some(v) = self.newer {
            text.push_str(&format!(
                " (from a newer version's export, format {v}: kept what this version understands)"
            ));
        }
        match self.skipped.as_slice() {
            [] => {}
            [one] => text.push_str(&format!("; left out {one}")),
            [first, rest @ ..] => {
                text.push_str(&format!("; left out {first} and {} more", rest.len()))
            }
        }
        text
    }
}

/// The player's files under `data`, as paths relative to it.
fn player_files(data: &DataDir) -> Vec<String> {
    let Some(root) = &data.0 else {
        return Vec::new();
    };
    let mut paths = vec!["scores.ron".to_string(), "settings.ron".to_string()];
    for (folder, suffix) in [
        ("themes", ".theme.ron"),
        ("themes/images", ".png"),
        ("saves", ".mg"),
    ] {
        for name in crate::kit::store::list(&root.join(folder), suffix) {
            paths.push(format!("{folder}/{name}"));
        }
    }
    paths
}

/// Every file of the player's under `data` in one bundle's text, and how many files it holds.
/// A file that cannot be read is left out and named in the error list.
pub fn export_text(data: &DataDir, today: &str) -> Result<(String, usize, Vec<String>), String> {
    let root = data.0.as_ref().ok_or("there is no data directory")?;
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in player_files(data) {
        let Ok(kind) = FileKind::of(&path) else {
            continue;
        };
        let full = root.join(&path);
        let bytes = if kind.binary() {
            crate::kit::store::read_bytes(&full, kind.max_bytes() as u64)
        } else {
            crate::kit::store::read_text(&full).map(|t| t.map(String::into_bytes))
        };
        match bytes.and_then(|b| b.map(|b| BundleFile::new(&path, &b)).transpose()) {
            Ok(Some(file)) => files.push(file),
            Ok(None) => {}
            Err(e) => problems.push(format!("{path}: {e}")),
        }
    }
    let count = files.len();
    let bundle = Bundle {
        format: BUNDLE_FORMAT.into(),
        version: BUNDLE_VERSION,
        made: Some(today.to_string()),
        files,
    };
    let text = gems_formats::bundle::bundle_to_text(&bundle).map_err(|e| e.to_string())?;
    Ok((text, count, problems))
}

/// Writes a bundle's files under `data`, the scores merged into `scores`. Nothing is written
/// when the text is not a bundle.
pub fn import_text(
    data: &DataDir,
    scores: &mut HighScores,
    text: &str,
) -> Result<Imported, String> {
    let root = data.0.as_ref().ok_or("there is no data directory")?;
    let read = read_bundle(text).map_err(|e| e.to_string())?;
    let mut done = Imported {
        newer: read.newer,
        skipped: read.skipped,
        ..Imported::default()
    };
    for file in read.files {
        let written = match file.kind {
            FileKind::Scores => {
                let (theirs, _) =
                    gems_formats::scores::read_scores(&String::from_utf8_lossy(&file.bytes));
                scores.update(move |mine| mine.merge(&theirs));
                match scores.error.clone() {
                    Some(e) => Err(e),
                    None => Ok(()),
                }
            }
            // The browser keeps text as text and binary files as base64: each as its kind.
            kind if kind.binary() => {
                crate::kit::store::write_bytes(&root.join(&file.path), &file.bytes)
            }
            _ => String::from_utf8(file.bytes)
                .map_err(|_| "not text".to_string())
                .and_then(|text| crate::kit::store::write_text(&root.join(&file.path), &text)),
        };
        match written {
            Ok(()) => done.written += 1,
            Err(e) => done.skipped.push(format!("{}: {e}", file.path)),
        }
    }
    Ok(done)
}

/// The export's file name for `today`.
pub fn export_name(today: &str) -> String {
    format!("modern-gems-data-{today}.{BUNDLE_EXTENSION}")
}

/// Where the desktop writes an export: the Downloads folder, else the data directory.
#[cfg(not(target_arch = "wasm32"))]
fn export_folder(data: &DataDir) -> Option<std::path::PathBuf> {
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(std::path::PathBuf::from);
    home.map(|h| h.join("Downloads"))
        .filter(|d| d.is_dir())
        .or_else(|| data.0.clone())
}

/// Export and Import, and the picker's answer on the web.
pub fn plugin(app: &mut App) {
    app.init_resource::<MyDataPanel>()
        .add_message::<MyDataRequest>()
        .add_message::<Rescan>()
        .add_systems(Update, handle_requests);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, import_picked);
}

/// What the export and import systems change.
#[derive(bevy::ecs::system::SystemParam)]
struct MyDataParams<'w> {
    data: Option<Res<'w, DataDir>>,
    scores: ResMut<'w, HighScores>,
    panel: ResMut<'w, MyDataPanel>,
    notices: ResMut<'w, Notices>,
    settings: Option<ResMut<'w, Settings>>,
    images: Option<Res<'w, PlayerImages>>,
    rescan: MessageWriter<'w, Rescan>,
}

/// What the web's file picker is for.
#[cfg(target_arch = "wasm32")]
const PICK: &str = "my-data";

fn handle_requests(mut requests: MessageReader<MyDataRequest>, mut p: MyDataParams) {
    for request in requests.read() {
        match request {
            MyDataRequest::Export => export(&mut p),
            #[cfg(not(target_arch = "wasm32"))]
            MyDataRequest::Import(path) => {
                let path = path.trim();
                let text = if path.is_empty() {
                    Err("type the path of a .mgdata file first".to_string())
                } else {
                    gems_rules::storage::read_text_bounded(
                        std::path::Path::new(path),
                        MAX_BUNDLE_BYTES as u64,
                    )
                    .map_err(|e| format!("{path}: {e}"))
                };
                import(&mut p, text);
            }
            #[cfg(target_arch = "wasm32")]
            MyDataRequest::Import(_) => {
                let accept = format!(".{BUNDLE_EXTENSION}");
                if !crate::kit::picker::open(PICK, &accept, MAX_BUNDLE_BYTES as u64) {
                    say(&mut p, Err("this page cannot open files".into()));
                }
            }
        }
    }
}

/// The file the player picked for Import (web).
#[cfg(target_arch = "wasm32")]
fn import_picked(mut p: MyDataParams) {
    if let Some((name, bytes)) = crate::kit::picker::take(PICK) {
        let text = match bytes {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| format!("{name} is not text")),
            Err(size) => Err(format!(
                "{name} is {size} bytes; an export is at most {MAX_BUNDLE_BYTES}"
            )),
        };
        import(&mut p, text);
    }
}

/// Shows a result in the panel, and as a notice when it failed.
fn say(p: &mut MyDataParams, result: Result<String, String>) {
    match result {
        Ok(text) => p.panel.message = Some((text, false)),
        Err(e) => {
            p.notices.warn(e.clone());
            p.panel.message = Some((e, true));
        }
    }
}

/// Exports and says where the file went.
fn export(p: &mut MyDataParams) {
    let data = p.data.as_deref().cloned().unwrap_or_default();
    let today = crate::kit::clock::today();
    let result = export_text(&data, &today).and_then(|(text, count, problems)| {
        let name = export_name(&today);
        let place = deliver(&data, &name, &text)?;
        let mut said = format!("Exported {count} files to {place}");
        if let Some(first) = problems.first() {
            said.push_str(&format!(" (could not read {first})"));
        }
        Ok(said)
    });
    say(p, result.map_err(|e| format!("Not exported: {e}")));
}

/// Hands the export to the player: a file in the Downloads folder (desktop) or a download
/// (web); where it went, in words.
fn deliver(data: &DataDir, name: &str, text: &str) -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let path = export_folder(data)
            .ok_or("there is no folder to write it to")?
            .join(name);
        crate::kit::store::write_text(&path, text)?;
        Ok(path.display().to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = data;
        crate::kit::picker::download(name, text.as_bytes(), "application/octet-stream")
            .then(|| format!("the download {name}"))
            .ok_or_else(|| "this page cannot offer downloads".to_string())
    }
}

/// Imports a bundle's text and brings what it wrote on screen: the scores, the settings, the
/// player's images and themes.
fn import(p: &mut MyDataParams, text: Result<String, String>) {
    let data = p.data.as_deref().cloned().unwrap_or_default();
    let result = text.and_then(|text| import_text(&data, &mut p.scores, &text));
    if result.is_ok() {
        if let Some(settings) = p.settings.as_mut() {
            let (fresh, _) = read_settings_file(data.file("settings.ron").as_deref());
            if **settings != fresh {
                **settings = fresh;
            }
        }
        if let Some(images) = p.images.as_deref() {
            images.reload();
        }
        p.rescan.write(Rescan);
        p.panel.import_path.clear();
    }
    say(
        p,
        result
            .map(|done| done.summary())
            .map_err(|e| format!("Nothing imported: {e}")),
    );
}

/// The Settings window's rows for the player's data; writes the player's request.
pub fn section(ui: &mut bevy_egui::egui::Ui, panel: &mut MyDataPanel) -> Option<MyDataRequest> {
    let mut asked = None;
    ui.label("Your data: high scores, settings, your themes and images, saved games");
    ui.horizontal(|ui| {
        if ui
            .button("Export my data")
            .on_hover_text(
                "Everything in one file, to keep or to open in another browser or on the desktop",
            )
            .clicked()
        {
            asked = Some(MyDataRequest::Export);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            ui.add(
                bevy_egui::egui::TextEdit::singleline(&mut panel.import_path)
                    .hint_text("a .mgdata file's path")
                    .desired_width(170.0),
            );
            if ui.button("Import").clicked() {
                asked = Some(MyDataRequest::Import(panel.import_path.clone()));
            }
        }
        #[cfg(target_arch = "wasm32")]
        if ui.button("Import…").clicked() {
            asked = Some(MyDataRequest::Import(String::new()));
        }
    });
    if let Some((text, error)) = &panel.message {
        let colour = if *error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().strong_text_color()
        };
        ui.colored_label(colour, text);
    }
    asked
}

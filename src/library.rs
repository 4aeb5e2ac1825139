//! The player-editable data under `assets/`: themes (`themes/*.theme.ron`) and boards
//! (`boards/*.board`, in the save-string format). Files are discovered at start (and again on
//! request, so a dropped-in board appears in the menu), loaded through Bevy's asset server (hot
//! reloaded on the desktop), and any mistake becomes an on-screen notice naming the file, the
//! line and the problem, while the game keeps the last good theme.

use bevy::asset::{AssetLoadFailedEvent, LoadContext, io::Reader};
use bevy::prelude::*;
use gems_rules::gems::{Board, BoardParseError, MAX_SAVE_STRING_BYTES};

use crate::editor::{PlayerThemes, ThemeEditor};
use crate::kit::schedule::AppResources;
use crate::settings::{Notices, Settings, ThemeChoices};
use crate::theme::{Theme, ThemeAsset, ThemeLoader};

/// The themes shipped with the game (file stems), in menu order.
pub const SHIPPED_THEMES: [&str; 4] = ["classic", "jewels", "high-contrast", "neon"];

/// The boards shipped with the game (file stems), in menu order: the spec's, then the 20
/// standard SameGame research positions.
pub fn shipped_boards() -> Vec<String> {
    let mut names: Vec<String> = gems_rules::gems::named_board_names()
        .map(str::to_string)
        .collect();
    names.extend((1..=20).map(|i| format!("standard-{i}")));
    names
}

/// A board file as a Bevy asset.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct BoardAsset(pub Board);

/// Loads `*.board` files through [`Board::from_save_string`].
#[derive(Default, TypePath)]
pub struct BoardLoader;

/// Why a text asset (a theme, a board, a line file) could not be loaded: `E` says what is
/// wrong with its contents.
#[derive(Debug, thiserror::Error)]
pub enum TextLoadError<E: std::error::Error + Send + Sync + 'static> {
    /// Reading failed.
    #[error("could not read the file: {0}")]
    Io(#[from] std::io::Error),
    /// Not UTF-8.
    #[error("the file is not UTF-8 text")]
    Utf8,
    /// Bad contents (the message names the line where it can).
    #[error("{0}")]
    Content(E),
}

/// Reads a text asset whole. `too_large` sees its size in bytes and refuses it (with the
/// content error to give) before any decoding.
pub async fn read_text<E: std::error::Error + Send + Sync + 'static>(
    reader: &mut dyn Reader,
    too_large: impl FnOnce(usize) -> Option<E>,
) -> Result<String, TextLoadError<E>> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).await?;
    if let Some(e) = too_large(bytes.len()) {
        return Err(TextLoadError::Content(e));
    }
    String::from_utf8(bytes).map_err(|_| TextLoadError::Utf8)
}

/// Why a board file could not be loaded.
pub type BoardLoadError = TextLoadError<BoardParseError>;

impl bevy::asset::AssetLoader for BoardLoader {
    type Asset = BoardAsset;
    type Settings = ();
    type Error = BoardLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _ctx: &mut LoadContext<'_>,
    ) -> Result<BoardAsset, BoardLoadError> {
        let text = read_text(reader, |bytes| {
            (bytes > MAX_SAVE_STRING_BYTES).then_some(BoardParseError::TooLong {
                bytes,
                max: MAX_SAVE_STRING_BYTES,
            })
        })
        .await?;
        let board = Board::from_save_string(&text).map_err(TextLoadError::Content)?;
        Ok(BoardAsset(board))
    }

    fn extensions(&self) -> &[&str] {
        &["board"]
    }
}

/// The theme files found, with their handles, and the one in use.
#[derive(Resource, Clone, Debug, Default)]
pub struct ThemeLibrary {
    /// (file stem, handle), in menu order.
    pub themes: Vec<(String, Handle<ThemeAsset>)>,
    /// The stem of the theme in use.
    pub active: String,
    /// A `--theme` flag: used for this run, not saved.
    pub forced: Option<String>,
}

/// The board files found, with their handles.
#[derive(Resource, Clone, Debug, Default)]
pub struct BoardLibrary {
    /// (file stem, handle), in menu order.
    pub boards: Vec<(String, Handle<BoardAsset>)>,
}

impl BoardLibrary {
    /// The loaded boards, in menu order (files that failed to load are left out).
    pub fn loaded<'a>(
        &'a self,
        assets: &'a Assets<BoardAsset>,
    ) -> impl Iterator<Item = (&'a str, &'a Board)> + 'a {
        self.boards
            .iter()
            .filter_map(|(n, h)| assets.get(h).map(|b| (n.as_str(), &b.0)))
    }
}

/// Ask for the asset folders to be scanned again (e.g. after dropping in a board file).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Rescan;

/// Themes and boards as assets.
pub fn plugin(app: &mut App) {
    app.init_asset::<ThemeAsset>()
        .init_asset_loader::<ThemeLoader>()
        .init_asset::<BoardAsset>()
        .init_asset_loader::<BoardLoader>()
        .init_resources::<(ThemeLibrary, BoardLibrary)>()
        .add_message::<Rescan>()
        .add_plugins(crate::kit::art::plugin)
        .add_systems(Startup, |mut w: MessageWriter<Rescan>| {
            w.write(Rescan);
        })
        .add_systems(
            Update,
            (scan, report_failures, apply_theme, name_themes)
                .chain()
                .in_set(LibrarySystems),
        );
}

/// The library's systems: finding, loading and applying themes and boards.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LibrarySystems;

/// File stems in `assets/DIR` ending in `.EXT`: the shipped ones first (in their order), then
/// any others the player dropped in, sorted. On the web only the shipped ones are known.
pub fn discover(dir: &str, ext: &str, shipped: &[String]) -> Vec<String> {
    let names: Vec<String> = shipped.to_vec();
    #[cfg(not(target_arch = "wasm32"))]
    let names = {
        let mut names = names;
        let root = crate::paths::asset_dir().join(dir);
        let suffix = format!(".{ext}");
        let mut extra: Vec<String> = std::fs::read_dir(root)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(&suffix).map(str::to_string)
            })
            .filter(|n| !names.contains(n))
            .collect();
        extra.sort();
        names.extend(extra);
        names
    };
    #[cfg(target_arch = "wasm32")]
    let _ = (dir, ext);
    names
}

fn scan(
    mut rescan: MessageReader<Rescan>,
    server: Res<AssetServer>,
    mut themes: ResMut<ThemeLibrary>,
    mut boards: ResMut<BoardLibrary>,
) {
    if rescan.read().count() == 0 {
        return;
    }
    let shipped: Vec<String> = SHIPPED_THEMES.iter().map(|s| s.to_string()).collect();
    themes.themes = discover("themes", "theme.ron", &shipped)
        .into_iter()
        .map(|n| {
            let h = server.load(format!("themes/{n}.theme.ron"));
            (n, h)
        })
        .collect();
    boards.boards = discover("boards", "board", &shipped_boards())
        .into_iter()
        .map(|n| {
            let h = server.load(format!("boards/{n}.board"));
            (n, h)
        })
        .collect();
}

fn report_failures(
    mut theme_failures: MessageReader<AssetLoadFailedEvent<ThemeAsset>>,
    mut board_failures: MessageReader<AssetLoadFailedEvent<BoardAsset>>,
    mut notices: ResMut<Notices>,
) {
    for f in theme_failures.read() {
        notices.warn(format!(
            "Theme file assets/{} has a mistake ({}); keeping the last good theme",
            f.path,
            loader_message(&f.error)
        ));
    }
    for f in board_failures.read() {
        notices.warn(format!(
            "Board file assets/{} has a mistake: {}",
            f.path,
            loader_message(&f.error)
        ));
    }
}

/// The loader's own message from an asset load error (without Bevy's wrapping and backtrace).
pub fn loader_message(e: &bevy::asset::AssetLoadError) -> String {
    let bevy::asset::AssetLoadError::AssetLoaderError(inner) = e else {
        return e.to_string();
    };
    let error = inner.error();
    if let Some(t) = error.downcast_ref::<crate::theme::ThemeLoadError>() {
        t.to_string()
    } else if let Some(b) = error.downcast_ref::<BoardLoadError>() {
        b.to_string()
    } else {
        error
            .to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    }
}

/// Puts the chosen theme (from the library or the player's own, as the player's settings or
/// `--theme` say) into the [`Theme`] resource whenever it loads, is edited on disk, or the
/// choice changes; not while the theme editor shows its draft.
fn apply_theme(
    mut events: MessageReader<AssetEvent<ThemeAsset>>,
    settings: Option<Res<Settings>>,
    mut library: ResMut<ThemeLibrary>,
    assets: Res<Assets<ThemeAsset>>,
    mut theme: ResMut<Theme>,
    mut notices: ResMut<Notices>,
    editor: Option<Res<ThemeEditor>>,
    mine: Option<Res<PlayerThemes>>,
) {
    let Some(settings) = settings else { return };
    if editor.is_some_and(|e| e.draft.is_some()) {
        return;
    }
    let wanted = library
        .forced
        .clone()
        .unwrap_or_else(|| settings.theme.clone());
    let Some((_, handle)) = library.themes.iter().find(|(n, _)| *n == wanted).cloned() else {
        if let Some(mine) = &mine
            && let Some(t) = mine.get(&wanted)
        {
            if library.active != wanted || settings.is_changed() || mine.is_changed() {
                library.active = wanted;
                let next = if settings.reduced_motion {
                    t.clone().with_reduced_motion()
                } else {
                    t.clone()
                };
                theme.set_if_neq(next);
            }
            return;
        }
        if !library.themes.is_empty() && library.active != wanted {
            notices.warn(format!(
                "There is no theme named '{wanted}' in assets/themes"
            ));
            library.active = wanted;
        }
        return;
    };
    let touched = events
        .read()
        .any(|e| e.is_loaded_with_dependencies(&handle) || e.is_modified(&handle));
    if !(touched || library.active != wanted || settings.is_changed()) {
        return;
    }
    let Some(asset) = assets.get(&handle) else {
        // Not loaded (yet, or it failed): keep the last good theme.
        return;
    };
    library.active = wanted;
    let next = if settings.reduced_motion {
        asset.0.clone().with_reduced_motion()
    } else {
        asset.0.clone()
    };
    if *theme != next {
        *theme = next;
    }
}

/// Keeps the Settings menu's theme list in step with the library and the player's own themes
/// (display names from the files).
fn name_themes(
    library: Res<ThemeLibrary>,
    assets: Res<Assets<ThemeAsset>>,
    mine: Option<Res<PlayerThemes>>,
    mut choices: ResMut<ThemeChoices>,
) {
    let shipped = library.themes.iter().map(|(stem, h)| {
        let display = assets.get(h).map_or(stem.clone(), |t| t.0.name.clone());
        (stem.clone(), display)
    });
    let own = mine.iter().flat_map(|m| m.0.iter());
    let own = own
        .filter(|(stem, _)| library.themes.iter().all(|(s, _)| s != stem))
        .map(|(stem, t)| (stem.clone(), format!("{} (yours)", t.name)));
    let names: Vec<(String, String)> = shipped.chain(own).collect();
    if choices.0 != names {
        choices.0 = names;
    }
}

//! The themes under `assets/themes/` (`*.theme.ron`): discovered at start (and again on
//! request), loaded through Bevy's asset server (hot reloaded on the desktop), applied as the
//! player's settings or `--theme` say; any mistake becomes an on-screen notice naming the file,
//! the line and the problem, while the game keeps the last good theme.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;

use crate::kit::text_asset::{Rescan, discover, loader_message};

use crate::kit::settings::{Notices, Settings, ThemeChoices};
use crate::kit::theme::{Theme, ThemeAsset, ThemeLoader};

/// The themes shipped with the game (file stems), in menu order.
pub const SHIPPED_THEMES: [&str; 4] = ["classic", "jewels", "high-contrast", "neon"];

/// The player's own themes (file stem, theme), from `themes/` in the data directory.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlayerThemes(pub Vec<(String, Theme)>);

impl PlayerThemes {
    /// The player's theme saved as `stem`.
    pub fn get(&self, stem: &str) -> Option<&Theme> {
        self.0.iter().find(|(s, _)| s == stem).map(|(_, t)| t)
    }
}

/// Whether the theme editor's draft is the theme on screen (the editor says so); the library
/// then leaves the theme alone.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DraftOnScreen(pub bool);

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

/// Themes as assets.
pub fn plugin(app: &mut App) {
    app.init_asset::<ThemeAsset>()
        .init_asset_loader::<ThemeLoader>()
        .init_resource::<ThemeLibrary>()
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

/// The library's systems: finding, loading and applying themes.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LibrarySystems;

fn scan(
    mut rescan: MessageReader<Rescan>,
    server: Res<AssetServer>,
    mut themes: ResMut<ThemeLibrary>,
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
}

fn report_failures(
    mut theme_failures: MessageReader<AssetLoadFailedEvent<ThemeAsset>>,
    mut notices: ResMut<Notices>,
) {
    for f in theme_failures.read() {
        notices.warn(format!(
            "Theme file assets/{} has a mistake ({}); keeping the last good theme",
            f.path,
            loader_message::<gems_formats::theme::ThemeError>(&f.error)
        ));
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
    draft: Option<Res<DraftOnScreen>>,
    mine: Option<Res<PlayerThemes>>,
) {
    let Some(settings) = settings else { return };
    if draft.is_some_and(|d| d.0) {
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

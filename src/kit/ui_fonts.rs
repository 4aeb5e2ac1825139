//! The fonts of every menu and label: Ubuntu Light for text, Hack for monospace, and a small
//! icon font (`assets/fonts/icons.ttf`, cut from egui's emoji font by `tools/subset-icons.sh`)
//! for the few symbols the menus show. egui's own default fonts are left out: their emoji fonts
//! alone would add 743 KB to the web build for glyphs no screen uses.
//!
//! The desktop build embeds the three files, so text shows from the first frame. The web build
//! fetches Ubuntu Light and Hack from `assets/fonts/` like any other asset instead of carrying
//! their 670 KB inside the `.wasm`; the menus' text appears once they arrive.

use bevy::prelude::*;
use bevy_egui::egui;
#[cfg(not(target_arch = "wasm32"))]
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// The icon glyphs the menus use (☰ ★ ▶ ⏸ 💡 🔀 …); small enough to embed everywhere.
const ICONS: &[u8] = include_bytes!("../../assets/fonts/icons.ttf");

/// The text fonts' files under `assets/`, with the names egui knows them by.
pub const TEXT_FONTS: [(&str, &str); 2] = [
    ("Ubuntu-Light", "fonts/Ubuntu-Light.ttf"),
    ("Hack", "fonts/Hack-Regular.ttf"),
];

/// Gives egui its fonts.
pub fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(EguiPrimaryContextPass, install_embedded_fonts);
    #[cfg(target_arch = "wasm32")]
    web::build(app);
}

/// egui's font set from the text fonts' bytes (in [`TEXT_FONTS`] order) and the icons. Each
/// family falls back on the others, so arrows (from Hack) and icons show in proportional text
/// too.
pub fn font_definitions(text_fonts: [&'static [u8]; 2]) -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::empty();
    for ((name, _), data) in TEXT_FONTS.iter().zip(text_fonts) {
        defs.font_data.insert(
            name.to_string(),
            std::sync::Arc::new(egui::FontData::from_static(data)),
        );
    }
    defs.font_data.insert(
        "icons".to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(ICONS)),
    );
    let family = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    defs.families.insert(
        egui::FontFamily::Proportional,
        family(&["Ubuntu-Light", "icons", "Hack"]),
    );
    defs.families.insert(
        egui::FontFamily::Monospace,
        family(&["Hack", "Ubuntu-Light", "icons"]),
    );
    defs
}

/// The text fonts built into the desktop binary.
#[cfg(not(target_arch = "wasm32"))]
pub fn embedded_text_fonts() -> [&'static [u8]; 2] {
    [
        include_bytes!("../../assets/fonts/Ubuntu-Light.ttf"),
        include_bytes!("../../assets/fonts/Hack-Regular.ttf"),
    ]
}

#[cfg(not(target_arch = "wasm32"))]
fn install_embedded_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        contexts
            .ctx_mut()?
            .set_fonts(font_definitions(embedded_text_fonts()));
        *done = true;
    }
    Ok(())
}

/// The web build's fonts, fetched as assets.
#[cfg(target_arch = "wasm32")]
mod web {
    use bevy::asset::{AssetLoader, LoadContext, io::Reader};
    use bevy::prelude::*;
    use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

    use super::{TEXT_FONTS, font_definitions};

    /// A font file's bytes.
    #[derive(Asset, TypePath, Debug)]
    pub struct FontFile(pub Vec<u8>);

    /// Reads `.ttf` files whole.
    #[derive(Default, TypePath)]
    pub struct FontFileLoader;

    impl AssetLoader for FontFileLoader {
        type Asset = FontFile;
        type Settings = ();
        type Error = std::io::Error;

        async fn load(
            &self,
            reader: &mut dyn Reader,
            _settings: &(),
            _load_context: &mut LoadContext<'_>,
        ) -> Result<FontFile, std::io::Error> {
            // Fonts ship with the game (the largest is a few hundred kilobytes).
            const MAX_FONT_BYTES: usize = 16 << 20;
            let bytes = crate::kit::text_asset::read_bounded(reader, MAX_FONT_BYTES).await?;
            Ok(FontFile(bytes))
        }

        fn extensions(&self) -> &[&str] {
            &["ttf"]
        }
    }

    /// The requested font files, until egui has them.
    #[derive(Resource)]
    struct PendingFonts(Vec<Handle<FontFile>>);

    pub fn build(app: &mut App) {
        app.init_asset::<FontFile>()
            .init_asset_loader::<FontFileLoader>()
            .add_systems(Startup, request_fonts)
            .add_systems(
                EguiPrimaryContextPass,
                install_loaded_fonts.run_if(resource_exists::<PendingFonts>),
            );
    }

    fn request_fonts(mut commands: Commands, server: Res<AssetServer>) {
        let handles = TEXT_FONTS
            .iter()
            .map(|(_, path)| server.load(*path))
            .collect();
        commands.insert_resource(PendingFonts(handles));
    }

    fn install_loaded_fonts(
        mut commands: Commands,
        pending: Res<PendingFonts>,
        server: Res<AssetServer>,
        mut files: ResMut<Assets<FontFile>>,
        mut contexts: EguiContexts,
    ) -> Result {
        if let Some(failed) = pending.0.iter().find(|h| server.load_state(*h).is_failed()) {
            tracing::warn!(
                "font {:?} did not load; the menus keep their icons only",
                failed.path()
            );
            commands.remove_resource::<PendingFonts>();
            return Ok(());
        }
        if !pending.0.iter().all(|h| files.contains(h)) {
            return Ok(());
        }
        // egui keeps font data for the whole run, so each file is leaked once, on purpose.
        let mut bytes = pending.0.iter().filter_map(|h| files.remove(h)).map(|f| {
            let data: &'static [u8] = Vec::leak(f.0);
            data
        });
        let (Some(text), Some(mono)) = (bytes.next(), bytes.next()) else {
            return Ok(());
        };
        contexts
            .ctx_mut()?
            .set_fonts(font_definitions([text, mono]));
        commands.remove_resource::<PendingFonts>();
        Ok(())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Every non-ASCII character in the game's source strings has a glyph in one of the fonts,
    /// so no menu shows a missing-glyph box.
    #[test]
    fn fonts_cover_the_symbols_the_screens_use() {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions(embedded_text_fonts()));
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        let used = used_symbols();
        assert!(used.contains(&'☰'), "the scan finds the menus' symbols");
        let missing: Vec<char> = used
            .into_iter()
            .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&egui::FontId::proportional(14.0), c)))
            .collect();
        assert!(missing.is_empty(), "no glyph for {missing:?}");
    }

    /// The shipped font files are the ones embedded in the desktop build.
    #[test]
    fn shipped_fonts_are_the_embedded_ones() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        for ((_, path), data) in TEXT_FONTS.iter().zip(embedded_text_fonts()) {
            assert_eq!(std::fs::read(root.join(path)).expect("font file"), data);
        }
    }

    /// The non-ASCII characters in string literals under `src/` (comment lines skipped).
    fn used_symbols() -> std::collections::BTreeSet<char> {
        let mut out = std::collections::BTreeSet::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src is readable") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source is UTF-8");
                    for line in text.lines().map(str::trim_start) {
                        if line.starts_with("//") {
                            continue;
                        }
                        for part in line.split('"').skip(1).step_by(2) {
                            out.extend(part.chars().filter(|c| !c.is_ascii()));
                        }
                    }
                }
            }
        }
        out
    }
}

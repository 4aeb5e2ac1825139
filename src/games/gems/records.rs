//! The records: the best lines found on the 20 standard positions, shipped as line files in
//! `assets/records/standard-N.line` (written by `gems-cli bench samegame --save-lines`). The
//! top bar shows "record N" beside the player's best on those boards, and "Watch" in the New
//! game dialog replays the record. They load as assets (hot reloaded on the desktop); a file
//! with a mistake is a notice naming it, and that board simply has no record.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use gems_rules::gems::{Board, LineFile, LineFileError, MAX_LINE_FILE_BYTES, RemovalPolicy};

use crate::kit::settings::Notices;
use crate::kit::text_asset::{TextFile, TextLoadError, TextLoader};

/// The boards that have records (file stems under `assets/records/`).
pub fn record_boards() -> impl Iterator<Item = String> {
    (1..=20).map(|i| format!("standard-{i}"))
}

/// A line file as a Bevy asset.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct LineAsset(pub LineFile);

/// Loads `*.line` files through [`LineFile::parse`] (which replays and checks them).
pub type LineLoader = TextLoader<LineAsset>;

/// Why a line file could not be loaded.
pub type LineLoadError = TextLoadError<LineFileError>;

impl TextFile for LineAsset {
    type Error = LineFileError;
    const EXTENSIONS: &'static [&'static str] = &["line"];

    const MAX_BYTES: usize = MAX_LINE_FILE_BYTES;

    fn parse(text: &str) -> Result<Self, LineFileError> {
        LineFile::parse(text).map(LineAsset)
    }
}

/// The record files, with their handles.
#[derive(Resource, Clone, Debug, Default)]
pub struct Records {
    /// (board name, handle).
    pub files: Vec<(String, Handle<LineAsset>)>,
}

impl Records {
    /// The record for a game on `board` (named `name`) under `policy`: only when the record's
    /// board is this very board (a dropped-in file of the same name is another board).
    pub fn find<'a>(
        &self,
        assets: &'a Assets<LineAsset>,
        name: &str,
        board: &Board,
        policy: RemovalPolicy,
    ) -> Option<&'a LineFile> {
        let (_, handle) = self.files.iter().find(|(n, _)| n == name)?;
        let file = &assets.get(handle)?.0;
        (file.board == *board && file.policy == policy).then_some(file)
    }
}

/// Loads the records and reports files with mistakes.
pub fn plugin(app: &mut App) {
    app.init_asset::<LineAsset>()
        .init_asset_loader::<LineLoader>()
        .init_resource::<Records>()
        .add_systems(Startup, load_records)
        .add_systems(Update, report_failures);
}

fn load_records(server: Res<AssetServer>, mut records: ResMut<Records>) {
    records.files = record_boards()
        .map(|name| {
            let handle = server.load(format!("records/{name}.line"));
            (name, handle)
        })
        .collect();
}

fn report_failures(
    mut failures: MessageReader<AssetLoadFailedEvent<LineAsset>>,
    mut notices: ResMut<Notices>,
) {
    for f in failures.read() {
        notices.warn(format!(
            "Record file assets/{} could not be used: {}",
            f.path,
            crate::kit::text_asset::loader_message::<LineFileError>(&f.error)
        ));
    }
}

//! Modern Gems' board files under `assets/boards/` (`*.board`, in the save-string format): the
//! shipped ones and any a player drops in, loaded as assets for the New game dialog; a file
//! with a mistake is a notice naming it.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use gems_rules::gems::{Board, BoardParseError, MAX_SAVE_STRING_BYTES};

use crate::kit::settings::Notices;
use crate::kit::text_asset::{
    Rescan, TextFile, TextLoadError, TextLoader, discover, loader_message,
};

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
pub type BoardLoader = TextLoader<BoardAsset>;

/// Why a board file could not be loaded.
pub type BoardLoadError = TextLoadError<BoardParseError>;

impl TextFile for BoardAsset {
    type Error = BoardParseError;
    const EXTENSIONS: &'static [&'static str] = &["board"];

    const MAX_BYTES: usize = MAX_SAVE_STRING_BYTES;

    fn parse(text: &str) -> Result<Self, BoardParseError> {
        Board::from_save_string(text).map(BoardAsset)
    }
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

/// Board files as assets, scanned again on each [`Rescan`].
pub fn plugin(app: &mut App) {
    app.init_asset::<BoardAsset>()
        .init_asset_loader::<BoardLoader>()
        .init_resource::<BoardLibrary>()
        .add_message::<Rescan>()
        .add_systems(Update, (scan_boards, report_board_failures));
}

fn scan_boards(
    mut rescan: MessageReader<Rescan>,
    server: Res<AssetServer>,
    mut boards: ResMut<BoardLibrary>,
) {
    if rescan.read().count() == 0 {
        return;
    }
    boards.boards = discover("boards", "board", &shipped_boards())
        .into_iter()
        .map(|n| {
            let h = server.load(format!("boards/{n}.board"));
            (n, h)
        })
        .collect();
}

fn report_board_failures(
    mut failures: MessageReader<AssetLoadFailedEvent<BoardAsset>>,
    mut notices: ResMut<Notices>,
) {
    for f in failures.read() {
        notices.warn(format!(
            "Board file assets/{} has a mistake: {}",
            f.path,
            loader_message::<BoardParseError>(&f.error)
        ));
    }
}

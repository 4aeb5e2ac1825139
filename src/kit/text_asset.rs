//! Text files loaded as Bevy assets (themes, boards, line files): read whole, refused when too
//! large before any decoding, and every failure a typed error naming what is wrong.

use bevy::asset::io::Reader;
use bevy::prelude::*;

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

/// A player-editable text file as a Bevy asset: how large it may be and how its text becomes
/// the asset. [`TextLoader`] loads every such file the same way.
pub trait TextFile: Asset + Sized {
    /// Why its text is refused (the message names the line where it can).
    type Error: std::error::Error + Send + Sync + 'static;
    /// The endings of the files it is loaded from (`board`, `theme.ron`).
    const EXTENSIONS: &'static [&'static str];
    /// The largest file read, in bytes: no more than one byte past it is ever read.
    const MAX_BYTES: usize;
    /// The asset from the file's text.
    fn parse(text: &str) -> Result<Self, Self::Error>;
}

/// The loader of a [`TextFile`] asset: reads the file whole (refusing one too large or not
/// UTF-8), then parses it.
#[derive(TypePath)]
pub struct TextLoader<A: TextFile>(std::marker::PhantomData<fn() -> A>);

impl<A: TextFile> Default for TextLoader<A> {
    fn default() -> Self {
        TextLoader(std::marker::PhantomData)
    }
}

impl<A: TextFile> bevy::asset::AssetLoader for TextLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = TextLoadError<A::Error>;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _ctx: &mut bevy::asset::LoadContext<'_>,
    ) -> Result<A, Self::Error> {
        let text = read_text(reader, A::MAX_BYTES).await?;
        A::parse(&text).map_err(TextLoadError::Content)
    }

    fn extensions(&self) -> &[&str] {
        A::EXTENSIONS
    }
}

/// Reads a text asset of at most `max` bytes whole, refusing a larger one before any
/// decoding.
pub async fn read_text<E: std::error::Error + Send + Sync + 'static>(
    reader: &mut dyn Reader,
    max: usize,
) -> Result<String, TextLoadError<E>> {
    let bytes = read_bounded(reader, max).await?;
    String::from_utf8(bytes).map_err(|_| TextLoadError::Utf8)
}

/// Reads an asset of at most `max` bytes whole: a larger one is refused (an error of kind
/// `FileTooLarge`) once one byte past `max` has been read, whatever its reported size.
pub async fn read_bounded(reader: &mut dyn Reader, max: usize) -> std::io::Result<Vec<u8>> {
    use bevy::tasks::futures_lite::AsyncReadExt;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = reader.read(&mut chunk).await?;
        if n == 0 {
            return Ok(bytes);
        }
        if bytes.len() + n > max {
            return Err(gems_rules::storage::too_large(max as u64));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// Ask for the asset folders to be scanned again (e.g. after dropping in a board file).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Rescan;

/// File stems in `assets/DIR` ending in `.EXT`: the shipped ones first (in their order), then
/// any others the player dropped in (regular files only), sorted. On the web only the shipped
/// ones are known.
pub fn discover(dir: &str, ext: &str, shipped: &[String]) -> Vec<String> {
    let names: Vec<String> = shipped.to_vec();
    #[cfg(not(target_arch = "wasm32"))]
    let names = {
        let mut names = names;
        let root = super::paths::asset_dir().join(dir);
        let suffix = format!(".{ext}");
        let mut extra: Vec<String> = std::fs::read_dir(root)
            .into_iter()
            .flatten()
            .flatten()
            // Only regular files: a pipe or a device named like a board is never opened.
            .filter(|e| std::fs::metadata(e.path()).is_ok_and(|m| m.is_file()))
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

/// The loader's own message from an asset load error (without Bevy's wrapping and backtrace):
/// whole for a text asset whose contents error is `E`, else its first line.
pub fn loader_message<E: std::error::Error + Send + Sync + 'static>(
    e: &bevy::asset::AssetLoadError,
) -> String {
    let bevy::asset::AssetLoadError::AssetLoaderError(inner) = e else {
        return e.to_string();
    };
    let error = inner.error();
    if let Some(t) = error.downcast_ref::<TextLoadError<E>>() {
        t.to_string()
    } else {
        error
            .to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    }
}

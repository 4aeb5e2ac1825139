//! How to play: each game's page is a text file, `assets/help/GAME.help.txt` (paragraphs
//! separated by blank lines), so that it can change without recompiling. It is read when the
//! page first opens and again whenever the file changes on the desktop; a missing or broken
//! file is a notice, and the page says what is wrong. A player's first visit to a game offers
//! its page once (a notice pointing at ? and F1).
//!
//! Each page has a worked example beside it, `assets/help/GAME.example.ron`: a setup and the
//! moves that reach a position, in the resume file's words. While the page is open the game
//! shows that position on its own board, drawn by its own view ([`super::example`]).

use bevy::prelude::*;

use super::screens::Screen;
use super::text_asset::{TextFile, TextLoader};
pub use gems_formats::resume::{Example, example_from_text};

/// A game's How to play page: its paragraphs.
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct HelpPage(pub String);

/// Why a page cannot be shown.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum HelpError {
    /// The file holds no text.
    #[error("the page is empty")]
    Empty,
}

impl TextFile for HelpPage {
    type Error = HelpError;
    const EXTENSIONS: &'static [&'static str] = &["help.txt"];
    const MAX_BYTES: usize = 64 * 1024;

    fn parse(text: &str) -> Result<Self, HelpError> {
        let text = text.replace("\r\n", "\n");
        let text = text.trim();
        if text.is_empty() {
            return Err(HelpError::Empty);
        }
        Ok(HelpPage(text.to_string()))
    }
}

impl HelpPage {
    /// Its paragraphs, each on one line.
    pub fn paragraphs(&self) -> impl Iterator<Item = String> + '_ {
        self.0
            .split("\n\n")
            .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|p| !p.is_empty())
    }
}

/// Where the page of the game on `screen` lives, under `assets/`.
pub fn help_path(screen: Screen) -> String {
    format!("help/{}.help.txt", screen.slug())
}

/// The pages asked for so far, by game.
#[derive(Resource, Default)]
pub struct HelpPages(Vec<(Screen, Handle<HelpPage>)>);

/// What the How to play window shows for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageState {
    /// The page.
    Ready(HelpPage),
    /// Still being read.
    Loading,
    /// It cannot be read: why.
    Failed(String),
}

impl HelpPages {
    /// The page of `screen`, asking for it the first time.
    pub fn page(
        &mut self,
        screen: Screen,
        server: &AssetServer,
        pages: &Assets<HelpPage>,
    ) -> PageState {
        let handle = match self.0.iter().find(|(s, _)| *s == screen) {
            Some((_, h)) => h.clone(),
            None => {
                let h = server.load(help_path(screen));
                self.0.push((screen, h.clone()));
                h
            }
        };
        if let Some(page) = pages.get(&handle) {
            return PageState::Ready(page.clone());
        }
        match server.load_state(&handle) {
            bevy::asset::LoadState::Failed(e) => PageState::Failed(e.to_string()),
            _ => PageState::Loading,
        }
    }
}

/// A page's worked example as an asset (see [`Example`]).
#[derive(Asset, TypePath, Clone, Debug, PartialEq, Eq)]
pub struct HelpExample(pub Example);

/// Why an example cannot be read (the RON parser's message).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct ExampleError(String);

impl TextFile for HelpExample {
    type Error = ExampleError;
    const EXTENSIONS: &'static [&'static str] = &["example.ron"];
    const MAX_BYTES: usize = 64 * 1024;

    fn parse(text: &str) -> Result<Self, ExampleError> {
        example_from_text(text)
            .map(HelpExample)
            .map_err(ExampleError)
    }
}

/// Where the worked example of the game on `screen` lives, under `assets/`.
pub fn example_path(screen: Screen) -> String {
    format!("help/{}.example.ron", screen.slug())
}

/// The worked examples read so far, by game: each the example, or why it cannot be read.
/// (The app fills it from `assets/`; a headless test sets it.)
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Examples(Vec<(Screen, Result<Example, String>)>);

impl Examples {
    /// The example of `screen`, once read.
    pub fn get(&self, screen: Screen) -> Option<&Result<Example, String>> {
        self.0.iter().find(|(s, _)| *s == screen).map(|(_, e)| e)
    }

    /// Keeps `example` as the example of `screen`.
    pub fn set(&mut self, screen: Screen, example: Result<Example, String>) {
        self.0.retain(|(s, _)| *s != screen);
        self.0.push((screen, example));
    }
}

/// The worked example on the board now, if any, and why the last one asked for could not be
/// shown.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ExampleShown {
    /// The screen whose board shows its example in place of the game in play.
    pub screen: Option<Screen>,
    /// Why the example of the page on show cannot be shown.
    pub error: Option<String>,
}

impl ExampleShown {
    /// Whether the board of `screen` shows its example (the game in play waits aside).
    pub fn on(&self, screen: Screen) -> bool {
        self.screen == Some(screen)
    }
}

/// A run condition: no worked example is on the board (the game's input and computer players
/// wait while one is).
pub fn no_example(shown: Option<Res<ExampleShown>>) -> bool {
    shown.is_none_or(|s| s.screen.is_none())
}

/// Where the worked example goes on the board or comes off it: after the chrome's commands,
/// before any game reads its input.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExampleSwap;

/// What the examples need headless: where they are kept.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<Examples>()
        .init_resource::<ExampleShown>();
}

/// The pages' and examples' loaders.
pub fn plugin(app: &mut App) {
    app.init_asset::<HelpPage>()
        .init_asset_loader::<TextLoader<HelpPage>>()
        .init_asset::<HelpExample>()
        .init_asset_loader::<TextLoader<HelpExample>>()
        .init_resource::<HelpPages>()
        .init_resource::<ExampleHandles>()
        .add_systems(
            Update,
            (
                ask_for_example.run_if(state_changed::<Screen>),
                read_examples.before(ExampleSwap),
            ),
        );
}

/// The examples asked for, by game.
#[derive(Resource, Default)]
struct ExampleHandles(Vec<(Screen, Handle<HelpExample>)>);

/// On entering a game's screen, its example is read (once; again when the file changes).
fn ask_for_example(
    screen: Res<State<Screen>>,
    registry: Option<Res<super::game::GameRegistry>>,
    server: Res<AssetServer>,
    mut handles: ResMut<ExampleHandles>,
) {
    let screen = *screen.get();
    let known = handles.0.iter().any(|(s, _)| *s == screen);
    if !known && registry.is_some_and(|r| r.get(screen).is_some()) {
        handles.0.push((screen, server.load(example_path(screen))));
    }
}

/// Keeps [`Examples`] in step with the files: each example once read, or why it is not.
fn read_examples(
    handles: Res<ExampleHandles>,
    server: Res<AssetServer>,
    assets: Res<Assets<HelpExample>>,
    mut examples: ResMut<Examples>,
) {
    for (screen, handle) in &handles.0 {
        let now = match assets.get(handle) {
            Some(HelpExample(example)) => Ok(example),
            None => match server.load_state(handle) {
                bevy::asset::LoadState::Failed(e) => Err(e.to_string()),
                _ => continue,
            },
        };
        let same = match (examples.get(*screen), &now) {
            (Some(Ok(old)), Ok(new)) => old == *new,
            (Some(Err(old)), Err(new)) => old == new,
            _ => false,
        };
        if !same {
            examples.set(*screen, now.cloned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_pages_keep_their_paragraphs_and_refuse_an_empty_file() {
        let page = HelpPage::parse("One line\nwrapped.\r\n\r\nTwo.\n").expect("a page");
        assert_eq!(
            page.paragraphs().collect::<Vec<_>>(),
            ["One line wrapped.", "Two."]
        );
        assert_eq!(HelpPage::parse(" \n\n "), Err(HelpError::Empty));
    }
}

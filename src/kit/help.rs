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

use bevy_egui::egui;

use super::game::GameInfo;
use super::screens::Screen;
use super::text_asset::{TextFile, TextLoader};
use super::theme::Theme;
use super::ui::UiPalette;
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
        let handle = asked(&mut self.0, screen, server, help_path);
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
    if registry.is_some_and(|r| r.get(screen).is_some()) {
        asked(&mut handles.0, screen, &server, example_path);
    }
}

/// The file of `screen` among those asked for so far, asking for it (at `path(screen)`) the
/// first time.
fn asked<A: Asset>(
    handles: &mut Vec<(Screen, Handle<A>)>,
    screen: Screen,
    server: &AssetServer,
    path: fn(Screen) -> String,
) -> Handle<A> {
    if let Some((_, h)) = handles.iter().find(|(s, _)| *s == screen) {
        return h.clone();
    }
    let h = server.load(path(screen));
    handles.push((screen, h.clone()));
    h
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

/// The How to play panel beside the board: the page of `game` (`page`), under a line about
/// the example on the board, or why it cannot be shown (`example`: its error, and whether it
/// shows). False once the player closes it.
pub fn page_panel(
    ctx: &egui::Context,
    (theme, pal): (&Theme, &UiPalette),
    game: Option<&GameInfo>,
    page: Option<PageState>,
    (error, shown): (&Option<String>, bool),
    top: f32,
) -> bool {
    let name = game.map_or("", |g| g.name);
    let width = (ctx.content_rect().width() * 0.42).min(440.0);
    let small = theme.text_size * 0.85;
    let mut open = true;
    pal.left_panel(ctx, "kit-how-to-play", width, top, |ui| {
        ui.horizontal(|ui| {
            let heading = theme.heading_size * 0.85;
            ui.label(egui::RichText::new(format!("How to play {name}")).size(heading).strong());
            if ui.button("Close").on_hover_text("Back to your game (Esc)").clicked() {
                open = false;
            }
        });
        if let Some(why) = error {
            ui.label(pal.bad_text(why, small));
        } else if shown {
            let text = "The board shows this page's example. Closing the page brings your game back as it was.";
            ui.label(pal.accent_text(text, small));
        }
        ui.add_space(6.0);
        help_text(ui, page, game, theme.text_size);
        ui.label(egui::RichText::new("Esc closes · F1 shows this page").size(small).weak());
    });
    open
}

/// The paragraphs of a How to play page (or why it cannot be read, with the game's line).
fn help_text(ui: &mut egui::Ui, page: Option<PageState>, game: Option<&GameInfo>, size: f32) {
    match page {
        Some(PageState::Ready(page)) => {
            for paragraph in page.paragraphs() {
                ui.label(egui::RichText::new(paragraph).size(size));
                ui.add_space(4.0);
            }
        }
        Some(PageState::Failed(why)) => {
            let path = game.map(|g| help_path(g.screen)).unwrap_or_default();
            let text = format!("The page assets/{path} could not be read: {why}");
            ui.label(egui::RichText::new(text).size(size));
            if let Some(g) = game {
                ui.label(egui::RichText::new(g.blurb).size(size));
            }
        }
        Some(PageState::Loading) | None => {
            ui.label(egui::RichText::new("Loading…").size(size));
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

//! How to play: each game's page is a text file, `assets/help/GAME.help.txt` (paragraphs
//! separated by blank lines), so that it can change without recompiling. It is read when the
//! page first opens and again whenever the file changes on the desktop; a missing or broken
//! file is a notice, and the page says what is wrong. A player's first visit to a game offers
//! its page once (a notice pointing at ? and F1).

use bevy::prelude::*;

use super::screens::Screen;
use super::settings::{Notices, Settings};
use super::text_asset::{TextFile, TextLoader};

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

/// The pages' loader, and the first visit's offer.
pub fn plugin(app: &mut App) {
    app.init_asset::<HelpPage>()
        .init_asset_loader::<TextLoader<HelpPage>>()
        .init_resource::<HelpPages>()
        .add_systems(Update, offer_once.run_if(state_changed::<Screen>));
}

/// On a player's first visit to a game, a notice offers its How to play page (once per game,
/// kept in the settings).
fn offer_once(
    screen: Res<State<Screen>>,
    settings: Option<ResMut<Settings>>,
    registry: Option<Res<super::game::GameRegistry>>,
    notices: Option<ResMut<Notices>>,
) {
    let (Some(mut settings), Some(mut notices), Some(game)) = (
        settings,
        notices,
        registry.and_then(|r| r.get(*screen.get())),
    ) else {
        return;
    };
    let slug = game.screen.slug();
    if settings.help_offered.iter().any(|g| g == slug) {
        return;
    }
    settings.help_offered.push(slug.to_string());
    notices.tell(format!(
        "New to {}? Press ? or F1 (or the ? button) for How to play.",
        game.name
    ));
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

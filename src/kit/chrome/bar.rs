//! The chrome's part a game's HUD draws ([`ChromeBar`]): the top bar, the game-over window and
//! the New game window, each item of which becomes a [`ChromeCommand`].

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Chrome, ChromeCommand, Ready};
use crate::kit::game::{Capability, GameInfo, GameRegistry};
use crate::kit::screens::Screen;
use crate::kit::theme::Theme;
use crate::kit::ui::{BarPart, dialog};

/// The shared items of the top bar, in their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shared {
    Undo,
    Redo,
    Hint,
    Restart,
    NewGame,
    Share,
}

/// What a game's HUD needs to draw the chrome's top bar, game-over window and New game
/// window, and to carry out their items.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ChromeBar<'w> {
    sharing: crate::kit::share::Sharing<'w>,
    chrome: ResMut<'w, Chrome>,
    commands: MessageWriter<'w, ChromeCommand>,
    screen: Res<'w, State<Screen>>,
    registry: Option<Res<'w, GameRegistry>>,
    palette: Res<'w, crate::kit::palette::Palette>,
    theme: Res<'w, Theme>,
    daily: Option<Res<'w, crate::kit::daily::DailyRuns>>,
    standings: Option<Res<'w, crate::kit::standing::Standings>>,
    leaderboard: Option<Res<'w, crate::kit::leaderboard::Leaderboard>>,
    settings: Option<Res<'w, gems_formats::settings::Settings>>,
}

impl ChromeBar<'_> {
    /// The theme's colours, parsed (for the game's own items in its bars and windows).
    pub fn palette(&self) -> &crate::kit::palette::Palette {
        &self.palette
    }

    /// The day of the daily challenge on screen, if its game is one.
    pub fn daily(&self) -> Option<gems_rules::daily::Date> {
        self.daily.as_ref()?.on(*self.screen.get()).map(|m| m.date)
    }

    /// The registration of the game on screen.
    fn game(&self) -> Option<&'static GameInfo> {
        self.registry
            .as_ref()
            .and_then(|r| r.get(*self.screen.get()))
    }

    /// Whether the game on screen offers `capability`.
    fn offers(&self, capability: Capability) -> bool {
        self.game().is_some_and(|g| g.offers(capability))
    }

    /// A button of the chrome that sends `command` when clicked (greyed out unless `enabled`).
    fn item(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        enabled: bool,
        hint: &str,
        command: ChromeCommand,
    ) {
        let text = egui::RichText::new(label).size(self.theme.text_size);
        if crate::kit::ui::button(ui, text, enabled, hint) {
            self.commands.write(command);
        }
    }

    /// The top bar every game has, in one order: ☰ Games, the game's name, `own` (the game's
    /// items: [`BarPart::Main`] ones always show, [`BarPart::More`] ones fold under "☰ More"
    /// with the rest where the bar would not fit on one line or on a phone), then the shared
    /// items the game offers: Undo, Redo, Hint, Restart, New game…, Share, then ⏸, ⚙ and ?.
    /// `ready` says which of them can be clicked now. Returns the room the bar took.
    pub fn top_bar(
        &mut self,
        ctx: &egui::Context,
        ready: Ready,
        mut own: impl FnMut(&mut egui::Ui, BarPart),
    ) -> egui::Rect {
        let pal = self.palette.ui;
        let name = self.game().map_or("", |g| g.name);
        let id = format!("{name}-top");
        pal.top_bar_fitted(ctx, &id, |ui, part, folded| match part {
            BarPart::Main => {
                self.item(
                    ui,
                    "☰ Games",
                    true,
                    "Back to the games (asks first while a game is in progress)",
                    ChromeCommand::Leave,
                );
                ui.separator();
                if !crate::kit::ui::is_narrow(ui.ctx()) {
                    // On a phone the game's name gives its room to the game's items.
                    let heading = self.theme.heading_size * 0.85;
                    ui.label(egui::RichText::new(name).size(heading).strong());
                    ui.separator();
                }
                if let Some(date) = self.daily() {
                    let day = format!("★ Daily {date}");
                    ui.label(egui::RichText::new(day).color(pal.accent))
                        .on_hover_text("Today's deal, the same for everyone: hints and undo are off, and your first finished game counts");
                    ui.separator();
                }
                own(ui, BarPart::Main);
                if folded {
                    // On a phone the moves a player makes most stay at hand.
                    self.shared(ui, ready, [Shared::Undo, Shared::Hint]);
                }
            }
            BarPart::More => {
                own(ui, BarPart::More);
                ui.separator();
                if folded {
                    self.shared(ui, ready, [Shared::Redo]);
                } else {
                    self.shared(ui, ready, [Shared::Undo, Shared::Redo, Shared::Hint]);
                }
                self.shared(ui, ready, [Shared::Restart, Shared::NewGame, Shared::Share]);
                self.item(ui, "⏸", true, "Pause (Esc or P)", ChromeCommand::Pause);
                self.item(ui, "⚙", true, "Settings", ChromeCommand::Settings);
                self.item(ui, "?", true, "How to play (F1)", ChromeCommand::Help);
            }
        })
    }

    /// The shared items `which`, those the game offers, in that order.
    fn shared<const N: usize>(&mut self, ui: &mut egui::Ui, ready: Ready, which: [Shared; N]) {
        let daily = self.daily().is_some();
        for item in which {
            let (capability, label, enabled, hint, command) = match item {
                Shared::Undo => (
                    Capability::Undo,
                    "⬅ Undo",
                    ready.undo,
                    "Take back a move",
                    ChromeCommand::Undo,
                ),
                Shared::Redo => (
                    Capability::Undo,
                    "➡ Redo",
                    ready.redo,
                    "Play the move taken back again",
                    ChromeCommand::Redo,
                ),
                Shared::Hint => (
                    Capability::Hint,
                    "💡 Hint",
                    ready.hint,
                    "A good move",
                    ChromeCommand::Hint,
                ),
                Shared::Restart => (
                    Capability::Restart,
                    "⟲ Restart",
                    ready.restart,
                    "The same deal or board from its start",
                    ChromeCommand::Restart,
                ),
                Shared::NewGame => (
                    Capability::NewGame,
                    "🎲 New game…",
                    true,
                    "A new game, with its options",
                    ChromeCommand::NewGame,
                ),
                Shared::Share => {
                    if self.offers(Capability::Share) {
                        self.sharing.button(ui, self.theme.text_size);
                    }
                    continue;
                }
            };
            let assist = matches!(item, Shared::Undo | Shared::Redo | Shared::Hint);
            let (enabled, hint) = if assist && daily {
                (false, "Off in the daily challenge")
            } else {
                (enabled, hint)
            };
            if self.offers(capability) {
                self.item(ui, label, enabled, hint, command);
            }
        }
    }

    /// The game-over window every game shows when a game ends: `title`, what the game says
    /// about the result and its records (`content`), then Play again, New game…, Undo (where
    /// the game offers them) and ☰ Games, and "Look at the board", which hides it until the
    /// next game ends.
    pub fn game_over(
        &mut self,
        ctx: &egui::Context,
        title: &str,
        ready: Ready,
        content: impl FnOnce(&mut egui::Ui),
    ) {
        if self.chrome.over_hidden || self.chrome.new_game {
            return;
        }
        dialog(ctx, title, None, |ui| {
            ui.vertical_centered(|ui| {
                content(ui);
                self.daily_standing(ui);
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if self.offers(Capability::Restart) {
                        let hint = "The same deal or board once more";
                        self.item(ui, "Play again", true, hint, ChromeCommand::Restart);
                    }
                    if self.offers(Capability::NewGame) {
                        let hint = "A new game, with its options";
                        self.item(ui, "New game…", true, hint, ChromeCommand::NewGame);
                    }
                    if self.offers(Capability::Undo) && ready.undo && self.daily().is_none() {
                        self.item(ui, "⬅ Undo", true, "", ChromeCommand::Undo);
                    }
                    self.item(ui, "☰ Games", true, "", ChromeCommand::Leave);
                });
                if ui.small_button("Look at the board").clicked() {
                    self.commands.write(ChromeCommand::HideGameOver);
                }
            });
        });
    }

    /// In a daily's game-over window, where the player stands on the day's leaderboard.
    fn daily_standing(&self, ui: &mut egui::Ui) {
        let game = crate::kit::daily::game_of(*self.screen.get());
        if let (Some(day), Some(game), Some(standings), Some(board)) = (
            self.daily(),
            game,
            self.standings.as_deref(),
            self.leaderboard.as_deref(),
        ) {
            let sharing = self.settings.as_ref().is_some_and(|s| s.share_daily);
            crate::kit::standing::game_over_standing(ui, standings, board, sharing, game, day);
        }
    }

    /// Whether the game's New game window is open.
    pub fn new_game_open(&self) -> bool {
        self.chrome.new_game
    }

    /// The game's New game window, while it is open: the game's options (`content`). The game
    /// closes it once it has started the new game ([`ChromeBar::close_new_game`]).
    pub fn new_game_window(&mut self, ctx: &egui::Context, content: impl FnOnce(&mut egui::Ui)) {
        if !self.chrome.new_game {
            return;
        }
        let mut open = true;
        dialog(ctx, "New game", Some(&mut open), content);
        self.chrome.new_game &= open;
    }

    /// The New game window's Start button, the same in every game: true when clicked.
    pub fn start_button(ui: &mut egui::Ui) -> bool {
        ui.button(egui::RichText::new("Start").strong()).clicked()
    }

    /// Closes the New game window (the new game has started).
    pub fn close_new_game(&mut self) {
        self.chrome.new_game = false;
    }
}

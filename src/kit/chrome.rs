//! The chrome every game shares, drawn by the kit: the way back to the games ("☰ Games", asking
//! first while a game is in progress), the pause menu (Resume, Restart, Settings, How to play,
//! Games), the How to play window, and the keys that reach them in every game: Esc closes the
//! topmost of these windows or else opens the pause menu, P pauses, F1 opens How to play.
//!
//! A game draws its own items in its top bar between [`ChromeBar::games_button`] and
//! [`ChromeBar::shared_buttons`], and answers the [`ChromeCommand`]s the chrome sends it (Restart). While
//! the game is paused, virtual time stops (so do animations) and the game's input and computer
//! steps do not run ([`not_paused`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::game::GameRegistry;
use super::screens::{InProgress, Screen};
use super::settings::SettingsOpen;
use super::theme::Theme;
use super::ui::dialog;

/// Whether the game on screen is paused: virtual time stops, and with it the animations, and
/// the game's input and computer steps wait ([`not_paused`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paused(pub bool);

/// Pauses or resumes the game: virtual time stops, so transitions and the AI stop too.
pub fn set_paused(paused: &mut Paused, time: &mut Time<Virtual>, on: bool) {
    paused.0 = on;
    if on {
        time.pause();
    } else {
        time.unpause();
    }
}

/// A run condition: true unless the game is paused (true where nothing pauses, as in headless
/// tests).
pub fn not_paused(paused: Option<Res<Paused>>) -> bool {
    paused.is_none_or(|p| !p.0)
}

/// What the chrome asks of the game on screen; each game's input answers the ones it offers.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChromeCommand {
    /// Start the same deal or board again.
    Restart,
}

/// A system answering the chrome's Restart with the game's own action: `restart(session)`.
pub fn answer_restart<S: Resource, A: Message>(
    restart: fn(&S) -> A,
) -> impl FnMut(MessageReader<ChromeCommand>, Res<S>, MessageWriter<A>) {
    move |mut asked, session, mut actions| {
        for command in asked.read() {
            match command {
                ChromeCommand::Restart => actions.write(restart(&session)),
            };
        }
    }
}

/// The chrome's windows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chrome {
    /// The How to play window is open.
    pub help: bool,
    /// "Leave this game?" is asked.
    pub confirm_leave: bool,
}

impl Chrome {
    /// Asks to leave for the games: at once when nothing would be lost, else after asking.
    pub fn leave(&mut self, in_progress: InProgress, next: &mut NextState<Screen>) {
        if in_progress.0 {
            self.confirm_leave = true;
        } else {
            next.set(Screen::Title);
        }
    }
}

/// The chrome: its state, its keys and its windows, on every game's screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<Chrome>()
        .add_systems(OnEnter(Screen::Title), leave_game)
        .add_systems(
            EguiPrimaryContextPass,
            chrome.run_if(in_game).in_set(ChromeSystems),
        );
}

/// The chrome's drawing and keys, after every game's menus (a game's dialog that Esc closes
/// uses the key up first).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChromeSystems;

/// True while a game's screen shows.
pub fn in_game(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_some_and(|s| *s.get() != Screen::Title)
}

/// Back at the title: nothing is paused, asked or in progress any more.
fn leave_game(
    mut chrome: ResMut<Chrome>,
    mut in_progress: ResMut<InProgress>,
    mut paused: ResMut<Paused>,
    mut time: ResMut<Time<Virtual>>,
) {
    *chrome = Chrome::default();
    in_progress.set_if_neq(InProgress(false));
    if paused.0 {
        set_paused(&mut paused, &mut time, false);
    }
}

/// The keys and windows of the chrome.
fn chrome(
    mut contexts: EguiContexts,
    mut chrome: ResMut<Chrome>,
    mut paused: ResMut<Paused>,
    mut time: ResMut<Time<Virtual>>,
    mut settings: ResMut<SettingsOpen>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<ChromeCommand>,
    screen: Res<State<Screen>>,
    in_progress: Res<InProgress>,
    registry: Option<Res<GameRegistry>>,
    theme: Res<Theme>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let typing = ctx.text_edit_focused();
    let (esc, p, f1) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Escape),
            i.key_pressed(egui::Key::P),
            i.key_pressed(egui::Key::F1),
        )
    });
    if esc {
        // The topmost window closes; with none open, the pause menu opens.
        if chrome.confirm_leave {
            chrome.confirm_leave = false;
        } else if chrome.help {
            chrome.help = false;
        } else if settings.0 {
            settings.0 = false;
        } else {
            let on = !paused.0;
            set_paused(&mut paused, &mut time, on);
        }
    } else if p && !typing {
        let on = !paused.0;
        set_paused(&mut paused, &mut time, on);
    }
    if f1 {
        chrome.help = !chrome.help;
    }
    let game = registry.as_ref().and_then(|r| r.get(*screen.get()));
    if paused.0 && !chrome.help && !settings.0 && !chrome.confirm_leave {
        dialog(&ctx, "Paused", None, |ui| {
            ui.vertical_centered(|ui| {
                let wide = egui::vec2(180.0, 0.0);
                if ui
                    .add(egui::Button::new("▶ Resume").min_size(wide))
                    .clicked()
                {
                    set_paused(&mut paused, &mut time, false);
                }
                if game.is_some_and(|g| g.offers(super::game::Capability::Restart))
                    && ui
                        .add(egui::Button::new("⟲ Restart").min_size(wide))
                        .clicked()
                {
                    set_paused(&mut paused, &mut time, false);
                    commands.write(ChromeCommand::Restart);
                }
                if ui
                    .add(egui::Button::new("⚙ Settings").min_size(wide))
                    .clicked()
                {
                    settings.0 = true;
                }
                if ui
                    .add(egui::Button::new("? How to play").min_size(wide))
                    .clicked()
                {
                    chrome.help = true;
                }
                if ui
                    .add(egui::Button::new("☰ Games").min_size(wide))
                    .clicked()
                {
                    chrome.leave(*in_progress, &mut next);
                }
                ui.label(
                    egui::RichText::new("Esc or P resumes")
                        .size(theme.text_size * 0.85)
                        .weak(),
                );
            });
        });
    }
    if chrome.help {
        let mut open = true;
        let name = game.map_or("How to play", |g| g.name);
        dialog(
            &ctx,
            &format!("How to play {name}"),
            Some(&mut open),
            |ui| {
                ui.set_max_width(460.0);
                let text = game.map_or("", |g| g.how_to_play);
                for paragraph in text.split("\n\n") {
                    ui.label(
                        egui::RichText::new(paragraph.replace('\n', " ")).size(theme.text_size),
                    );
                    ui.add_space(4.0);
                }
                ui.label(
                    egui::RichText::new("Esc or P pauses · F1 shows this page")
                        .size(theme.text_size * 0.85)
                        .weak(),
                );
            },
        );
        chrome.help &= open;
    }
    if chrome.confirm_leave {
        dialog(&ctx, "Leave this game?", None, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("The game in progress will not be kept.")
                        .size(theme.text_size),
                );
                ui.horizontal(|ui| {
                    if ui.button("Leave").clicked() {
                        chrome.confirm_leave = false;
                        next.set(Screen::Title);
                    }
                    if ui.button("Stay").clicked() {
                        chrome.confirm_leave = false;
                    }
                });
            });
        });
    }
    Ok(())
}

/// What a game's HUD needs to draw the chrome's items in its top bar and carry them out.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ChromeBar<'w> {
    sharing: super::share::Sharing<'w>,
    chrome: ResMut<'w, Chrome>,
    settings: ResMut<'w, SettingsOpen>,
    next: ResMut<'w, NextState<Screen>>,
    in_progress: Res<'w, InProgress>,
    palette: Res<'w, super::palette::Palette>,
}

impl ChromeBar<'_> {
    /// The theme's colours, parsed (for the game's own items in its bars and windows).
    pub fn palette(&self) -> &super::palette::Palette {
        &self.palette
    }

    /// The first item of every top bar: "☰ Games", the way back to the games (asking first
    /// while a game is in progress).
    pub fn games_button(&mut self, ui: &mut egui::Ui, text_size: f32) {
        if ui
            .button(egui::RichText::new("☰ Games").size(text_size))
            .on_hover_text("Back to the games (asks first while a game is in progress)")
            .clicked()
        {
            self.chrome.leave(*self.in_progress, &mut self.next);
        }
    }

    /// The last items of every top bar: Settings (⚙) and How to play (?).
    pub fn shared_buttons(&mut self, ui: &mut egui::Ui, text_size: f32) {
        if ui
            .button(egui::RichText::new("⚙").size(text_size))
            .on_hover_text("Settings")
            .clicked()
        {
            self.settings.0 = !self.settings.0;
        }
        if ui
            .button(egui::RichText::new("?").size(text_size))
            .on_hover_text("How to play (F1)")
            .clicked()
        {
            self.chrome.help = !self.chrome.help;
        }
    }

    /// The top bar of a game whose own items live in a side panel: ☰ Games, the game's name,
    /// `own` (a line about the game), then Share, ⚙ and ?, in the order every game's bar has;
    /// the room it took.
    pub fn top_bar(
        &mut self,
        ctx: &egui::Context,
        theme: &Theme,
        name: &str,
        mut own: impl FnMut(&mut egui::Ui),
    ) -> egui::Rect {
        let pal = self.palette.ui;
        let text = theme.text_size;
        pal.top_bar_parts(ctx, &format!("{name}-top"), |ui, part| match part {
            super::ui::BarPart::Main => {
                self.games_button(ui, text);
                ui.separator();
                ui.label(egui::RichText::new(name).size(theme.heading_size).strong());
                ui.separator();
                own(ui);
            }
            super::ui::BarPart::More => {
                ui.separator();
                self.share_button(ui);
                self.shared_buttons(ui, text);
            }
        })
    }

    /// The Share button: the link of the game on screen.
    pub fn share_button(&mut self, ui: &mut egui::Ui) {
        self.sharing.button(ui);
    }

    /// Asks to leave for the games, as "☰ Games" does.
    pub fn leave(&mut self) {
        self.chrome.leave(*self.in_progress, &mut self.next);
    }
}

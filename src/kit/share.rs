//! What a game tells the world about itself: the window title (the page title on the web) says
//! which game is on screen and how it stands, and the Share button copies the link that
//! reproduces its board or deal ([`crate::kit::launch::link`]), so a seeded board becomes a
//! challenge a friend can play. Each game implements [`Describe`] for its session and registers
//! it with [`DescribeGame::describe_game`].

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::kit::launch::link::full_link;
use crate::kit::screens::Screen;

/// A game's session, as the title and the share link see it.
pub trait Describe: Resource {
    /// The window title: the game, its board or deal, and how it stands
    /// (`Dots - 6x6, 5 colours - score 12, 18 moves left`).
    fn title(&self) -> String;
    /// The query string of a link that opens this board or deal (`?game=dots&size=6&seed=7`),
    /// or why there is none (a board too big for a link).
    fn link_query(&self) -> Result<String, String>;
    /// Whether a game is in progress: a move made and the game not over (leaving it then asks
    /// first; a new or restarted game is not in progress until its first move).
    fn in_progress(&self) -> bool;
    /// The board in words and characters, as the console shows it, for a screen reader
    /// (the chrome gives it to AccessKit as the board's description).
    fn board_text(&self) -> String;
}

/// The description of the board on screen ([`Describe::board_text`]), kept up to date with
/// or without a window.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardText(pub String);

/// The link of the game on screen, kept up to date by [`describe`].
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ShareLink {
    /// The screen the link belongs to.
    pub screen: Option<Screen>,
    /// Its query string, or why there is none.
    pub query: Result<String, String>,
}

impl Default for ShareLink {
    fn default() -> Self {
        ShareLink {
            screen: None,
            query: Err("No game is on screen.".to_string()),
        }
    }
}

/// The title of the game on screen ([`Describe::title`]), kept up to date with or without a
/// window: a short digest of the game's state (tests compare it before and after an action).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTitle(pub String);

/// The share window, while it is open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ShareWindow {
    /// The link on show (`None`: closed).
    pub link: Option<String>,
    /// What became of the copy.
    pub copy: CopyState,
}

/// What became of copying the link to the clipboard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CopyState {
    /// Asked for; the browser has not answered yet.
    #[default]
    Pending,
    /// On the clipboard.
    Done,
    /// Refused (the page is not a secure context, or the player said no): the link shows as
    /// text to select.
    Failed,
}

/// Registers a game's [`Describe`].
pub trait DescribeGame {
    /// Keeps the title and [`ShareLink`] in step with `S` while `screen` shows.
    fn describe_game<S: Describe>(&mut self, screen: Screen) -> &mut Self;
}

impl DescribeGame for App {
    fn describe_game<S: Describe>(&mut self, screen: Screen) -> &mut Self {
        self.add_systems(
            PostUpdate,
            (move |session: Res<S>,
                   link: ResMut<ShareLink>,
                   title: (ResMut<GameTitle>, ResMut<BoardText>),
                   window: Option<Single<&mut Window, With<PrimaryWindow>>>| {
                describe(screen, session, link, title, window)
            })
            .run_if(in_state(screen).and_then(resource_exists::<S>)),
        )
        .add_systems(
            PostUpdate,
            (|session: Res<S>, mut in_progress: ResMut<crate::kit::screens::InProgress>| {
                in_progress.set_if_neq(crate::kit::screens::InProgress(session.in_progress()));
            })
            .run_if(in_state(screen).and_then(resource_exists::<S>)),
        )
    }
}

/// Rewrites the title and the link when the session changes or its screen opens.
fn describe<S: Describe>(
    screen: Screen,
    session: Res<S>,
    mut link: ResMut<ShareLink>,
    (mut shown, mut board): (ResMut<GameTitle>, ResMut<BoardText>),
    window: Option<Single<&mut Window, With<PrimaryWindow>>>,
) {
    if !session.is_changed() && link.screen == Some(screen) {
        return;
    }
    if board.set_if_neq(BoardText(session.board_text())) {
        label_canvas(&board.0);
    }
    let title = session.title();
    if shown.0 != title {
        shown.0 = title.clone();
    }
    let query = session.link_query();
    if link.screen != Some(screen) || link.query != query {
        *link = ShareLink {
            screen: Some(screen),
            query,
        };
    }
    if let Some(mut window) = window
        && window.title != title
    {
        set_page_title(&title);
        window.title = title;
    }
}

/// On the web, the page's title too (the browser's tab; the loading screen waits for the
/// first one to know the game has started).
fn set_page_title(title: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = title;
}

/// On the web, the board's description becomes the canvas's label, which a screen reader reads
/// (on the desktop the chrome hands it to AccessKit).
fn label_canvas(text: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(canvas) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("bevy"))
    {
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", text);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// The share window and its clipboard (the [`ShareLink`] itself is kept without a window, by
/// the kit's logic plugin).
pub fn plugin(app: &mut App) {
    app.init_resource::<ShareWindow>()
        .add_systems(OnEnter(Screen::Title), name_the_title)
        .add_systems(EguiPrimaryContextPass, share_window);
}

/// The title screen's window title.
fn name_the_title(window: Option<Single<&mut Window, With<PrimaryWindow>>>) {
    if let Some(mut window) = window {
        set_page_title("Modern Gems");
        window.title = "Modern Gems".to_string();
    }
}

/// What a HUD needs for its Share button.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Sharing<'w> {
    link: Res<'w, ShareLink>,
    window: ResMut<'w, ShareWindow>,
}

impl Sharing<'_> {
    /// The "Share" button of a game's bar (see [`share_button`]).
    pub fn button(&mut self, ui: &mut egui::Ui, text_size: f32) {
        share_button(ui, &self.link, &mut self.window, text_size);
    }
}

/// The "Share" button of a game's bar: opens the share window with the link of the game on
/// screen and copies it.
pub fn share_button(ui: &mut egui::Ui, link: &ShareLink, window: &mut ShareWindow, text_size: f32) {
    let hint = match &link.query {
        Ok(_) => "Copy a link that opens this board or deal",
        Err(why) => why.as_str(),
    };
    let label = egui::RichText::new("⬆ Share").size(text_size);
    let clicked = super::ui::button(ui, label, link.query.is_ok(), hint);
    if let (true, Ok(query)) = (clicked, &link.query) {
        let text = full_link(base_address().as_deref(), query);
        window.copy = copy_to_clipboard(ui.ctx(), &text);
        window.link = Some(text);
    }
}

fn share_window(
    mut contexts: EguiContexts,
    mut window: ResMut<ShareWindow>,
    screen: Res<State<Screen>>,
) -> Result {
    if window.link.is_none() {
        return Ok(());
    }
    if *screen.get() == Screen::Title {
        *window = ShareWindow::default();
        return Ok(());
    }
    #[cfg(target_arch = "wasm32")]
    if let Some(ok) = web::take_answer() {
        window.copy = if ok {
            CopyState::Done
        } else {
            CopyState::Failed
        };
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut close = false;
    let copy = window.copy;
    let Some(link) = window.link.as_mut() else {
        return Ok(());
    };
    super::ui::dialog(&ctx, "Share this game", Some(&mut open), |ui| {
        ui.set_max_width(460.0);
        ui.label(match copy {
            CopyState::Pending => "Copying the link…",
            CopyState::Done => "The link is on the clipboard: send it to a friend.",
            CopyState::Failed => "Copying was not allowed here: select the link and copy it.",
        });
        if base_address().is_none() {
            ui.label("Add the web game's address in front of it.");
        }
        // Selectable (and editable only in this copy), wrapped so the whole link shows.
        ui.add(
            egui::TextEdit::multiline(link)
                .desired_width(ui.available_width().clamp(240.0, 460.0))
                .desired_rows(2)
                .font(egui::TextStyle::Monospace),
        );
        if ui.button("Close").clicked() {
            close = true;
        }
    });
    if !open || close {
        *window = ShareWindow::default();
    }
    Ok(())
}

/// The address links start with: the page's own on the web; on the desktop the one the build
/// was given in `MODERN_GEMS_WEB_URL` (none: links are the query alone).
pub fn base_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        Some(format!(
            "{}{}",
            location.origin().ok()?,
            location.pathname().ok()?
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        option_env!("MODERN_GEMS_WEB_URL").map(str::to_string)
    }
}

/// Starts copying `text`: through egui's clipboard on the desktop, the browser's asynchronous
/// clipboard on the web (whose answer arrives later).
fn copy_to_clipboard(ctx: &egui::Context, text: &str) -> CopyState {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = ctx;
        if web::copy(text) {
            CopyState::Pending
        } else {
            CopyState::Failed
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        ctx.copy_text(text.to_string());
        CopyState::Done
    }
}

/// The browser's clipboard: it needs a secure context (https or localhost) and answers with a
/// promise.
#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::Cell;

    use wasm_bindgen::JsValue;
    use wasm_bindgen::closure::Closure;

    thread_local! {
        static ANSWER: Cell<Option<bool>> = const { Cell::new(None) };
    }

    /// Asks the browser to copy `text`; false when it cannot (not a secure context).
    pub fn copy(text: &str) -> bool {
        let Some(window) = web_sys::window() else {
            return false;
        };
        if !window.is_secure_context() {
            return false;
        }
        let promise = window.navigator().clipboard().write_text(text);
        let done = Closure::<dyn FnMut(JsValue)>::new(|_| ANSWER.set(Some(true)));
        let failed = Closure::<dyn FnMut(JsValue)>::new(|_| ANSWER.set(Some(false)));
        let _ = promise.then2(&done, &failed);
        // The browser calls one of them later; they live as long as the page.
        done.forget();
        failed.forget();
        true
    }

    /// The browser's answer to the last copy, once.
    pub fn take_answer() -> Option<bool> {
        ANSWER.take()
    }
}

//! The chrome every game shares, drawn by the kit: the top bar (☰ Games, the game's name, the
//! game's own items, then the shared ones in one fixed order: Undo, Redo, Hint, Restart,
//! New game…, Share, ⏸, ⚙, ?), the game-over window, the New game window's frame, the pause
//! menu (Resume, Restart, Settings, How to play, Games), the How to play window, and the keys
//! that reach them in every game: Esc closes the topmost of these windows or else pauses, P
//! pauses, F1 opens How to play.
//!
//! Every click and key of the chrome becomes a [`ChromeCommand`]. The kit carries out its own
//! (pause, help, settings, leaving) in [`apply_commands`], which runs headless too; each game
//! answers the ones its registration offers (Undo, Redo, Hint, Restart) with its own action
//! ([`answer_chrome`]). While the game is paused, virtual time stops (so do animations) and the
//! game's input and computer steps do not run ([`not_paused`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::game::{Capability, GameRegistry};
use super::help::{ExampleShown, HelpPages};
use super::screens::{InProgress, Screen, ScreenStatus};
use super::settings::SettingsOpen;
use super::theme::Theme;
use super::ui::dialog;

mod bar;

pub use bar::ChromeBar;

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

/// A click or key of the chrome. The kit carries out the ones about its windows
/// ([`apply_commands`]); the game on screen answers Undo, Redo, Hint and Restart with its own
/// action ([`answer_chrome`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChromeCommand {
    /// Take back the last move (the game answers).
    Undo,
    /// Play the move taken back again (the game answers).
    Redo,
    /// Show a good move (the game answers).
    Hint,
    /// Start the same deal or board again (the game answers; the kit resumes a paused game).
    Restart,
    /// Open the game's New game window.
    NewGame,
    /// Esc: close the topmost window, or else pause or resume.
    Escape,
    /// P, ⏸ or Resume: pause or resume.
    Pause,
    /// F1 or ?: show or hide How to play.
    Help,
    /// ⚙: show or hide the Settings window.
    Settings,
    /// ☰ Games: back to the games, asking first while a game is in progress.
    Leave,
    /// "Leave" in that question.
    ConfirmLeave,
    /// "Stay" in that question.
    Stay,
    /// "Look at the board": hide the game-over window until the next game ends.
    HideGameOver,
}

/// Which of the shared items the game on screen can carry out now (a greyed-out button
/// otherwise). Which ones show at all comes from its registration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ready {
    /// A move to take back.
    pub undo: bool,
    /// A move taken back to play again.
    pub redo: bool,
    /// A hint can be asked for.
    pub hint: bool,
    /// The game can start again.
    pub restart: bool,
}

impl Ready {
    /// Everything the game offers can be clicked.
    pub const ALL: Ready = Ready {
        undo: true,
        redo: true,
        hint: true,
        restart: true,
    };
}

/// A system answering the chrome's commands with the game's own action: `answer(session,
/// command)`, `None` for a command the game does not answer (nor any while the game has no
/// session). In a daily challenge, Undo, Redo and Hint are not passed on.
#[allow(clippy::type_complexity)]
pub fn answer_chrome<S: Resource, A: Message>(
    answer: fn(&S, ChromeCommand) -> Option<A>,
) -> impl FnMut(
    MessageReader<ChromeCommand>,
    Option<Res<S>>,
    MessageWriter<A>,
    Option<Res<super::daily::DailyRuns>>,
    Option<Res<State<Screen>>>,
) {
    move |mut asked, session, mut actions, daily, screen| {
        let daily = daily
            .zip(screen)
            .is_some_and(|(d, s)| d.assists_off(*s.get()));
        let Some(session) = session else {
            asked.clear();
            return;
        };
        for &command in asked.read() {
            let assist = matches!(
                command,
                ChromeCommand::Undo | ChromeCommand::Redo | ChromeCommand::Hint
            );
            if assist && daily {
                continue;
            }
            if let Some(action) = answer(&session, command) {
                actions.write(action);
            }
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
    /// The game's New game window is open.
    pub new_game: bool,
    /// The player closed the game-over window to look at the board (it opens again when the
    /// next game ends).
    pub over_hidden: bool,
}

/// The chrome's state: its windows and keys, run headless as well as in a window.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<Chrome>()
        .init_resource::<SettingsOpen>()
        .add_message::<ChromeCommand>()
        .add_systems(OnEnter(Screen::Title), leave_game)
        .add_systems(
            Startup,
            |opts: Option<Res<super::launch::LaunchOptions>>, mut chrome: ResMut<Chrome>| {
                chrome.help |= opts.is_some_and(|o| o.how_to_play);
            },
        )
        .add_systems(Update, apply_commands.run_if(in_game))
        // After the game has reported whether it is over this frame.
        .add_systems(Last, show_game_over_again);
}

/// The chrome's drawing: its windows and keys, on every game's screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        chrome.run_if(in_game).in_set(ChromeSystems),
    )
    .add_systems(Update, offer_help_once.run_if(state_changed::<Screen>));
}

/// On a player's first visit to a game, a notice offers its How to play page (once per game,
/// kept in the settings; not when the page opens by itself, from the title card).
fn offer_help_once(
    screen: Res<State<Screen>>,
    chrome: Res<Chrome>,
    settings: Option<ResMut<super::settings::Settings>>,
    registry: Option<Res<GameRegistry>>,
    notices: Option<ResMut<super::settings::Notices>>,
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
    if !chrome.help {
        notices.tell(format!(
            "New to {}? Press ? or F1 (or the ? button) for How to play.",
            game.name
        ));
    }
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

/// Once a game is no longer over, its next end shows the game-over window again.
fn show_game_over_again(status: Res<ScreenStatus>, mut chrome: ResMut<Chrome>) {
    if !status.over && chrome.over_hidden {
        chrome.over_hidden = false;
    }
}

/// Carries out the commands about the chrome's own windows (the game answers the rest).
pub fn apply_commands(
    mut commands: MessageReader<ChromeCommand>,
    mut chrome: ResMut<Chrome>,
    mut paused: ResMut<Paused>,
    mut time: ResMut<Time<Virtual>>,
    mut settings: ResMut<SettingsOpen>,
    mut next: ResMut<NextState<Screen>>,
    in_progress: Res<InProgress>,
    (saved, screen): (
        Option<Res<super::resume::Saved>>,
        Option<Res<State<Screen>>>,
    ),
) {
    for command in commands.read() {
        // A command for the game closes How to play first, so that it reaches the game in
        // play rather than the page's example.
        if matches!(
            command,
            ChromeCommand::Undo
                | ChromeCommand::Redo
                | ChromeCommand::Hint
                | ChromeCommand::Restart
                | ChromeCommand::NewGame
                | ChromeCommand::Leave
        ) {
            chrome.help = false;
        }
        match command {
            ChromeCommand::Escape => {
                // The topmost window closes; with none open, the pause menu opens or closes.
                if chrome.confirm_leave {
                    chrome.confirm_leave = false;
                } else if chrome.help {
                    chrome.help = false;
                } else if chrome.new_game {
                    chrome.new_game = false;
                } else if settings.0 {
                    settings.0 = false;
                } else {
                    let on = !paused.0;
                    set_paused(&mut paused, &mut time, on);
                }
            }
            ChromeCommand::Pause => {
                let on = !paused.0;
                set_paused(&mut paused, &mut time, on);
            }
            ChromeCommand::Help => chrome.help = !chrome.help,
            ChromeCommand::Settings => settings.0 = !settings.0,
            ChromeCommand::NewGame => chrome.new_game = true,
            ChromeCommand::Leave => {
                // A game saved for resume loses nothing by leaving: no question then.
                let kept = saved
                    .as_ref()
                    .zip(screen.as_ref())
                    .is_some_and(|(saved, on)| saved.0.contains(on.get()));
                if in_progress.0 && !kept {
                    chrome.confirm_leave = true;
                } else {
                    next.set(Screen::Title);
                }
            }
            ChromeCommand::ConfirmLeave => {
                chrome.confirm_leave = false;
                next.set(Screen::Title);
            }
            ChromeCommand::Stay => chrome.confirm_leave = false,
            ChromeCommand::HideGameOver => chrome.over_hidden = true,
            ChromeCommand::Restart => {
                if paused.0 {
                    set_paused(&mut paused, &mut time, false);
                }
            }
            ChromeCommand::Undo | ChromeCommand::Redo | ChromeCommand::Hint => {}
        }
    }
}

/// The keys and windows of the chrome.
fn chrome(
    mut contexts: EguiContexts,
    mut chrome: ResMut<Chrome>,
    paused: Res<Paused>,
    settings: Res<SettingsOpen>,
    mut commands: MessageWriter<ChromeCommand>,
    screen: Res<State<Screen>>,
    registry: Option<Res<GameRegistry>>,
    theme: Res<Theme>,
    mut help: (
        ResMut<HelpPages>,
        Res<AssetServer>,
        Res<Assets<super::help::HelpPage>>,
    ),
    (example, area, board, palette): (
        Res<ExampleShown>,
        Res<super::layout::ViewArea>,
        Res<super::share::BoardText>,
        Res<super::palette::Palette>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // Esc is read here, after the game's dialogs (one that Esc closes uses the key up first);
    // the other shared keys are the kit's (`keys.rs`).
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        commands.write(ChromeCommand::Escape);
    }
    let game = registry.as_ref().and_then(|r| r.get(*screen.get()));
    let small = theme.text_size * 0.85;
    if paused.0 && !chrome.help && !settings.0 && !chrome.confirm_leave {
        dialog(&ctx, "Paused", None, |ui| {
            ui.vertical_centered(|ui| {
                let wide = egui::vec2(180.0, 0.0);
                let mut item = |ui: &mut egui::Ui, label: &str, command| {
                    if ui.add(egui::Button::new(label).min_size(wide)).clicked() {
                        commands.write(command);
                    }
                };
                item(ui, "▶ Resume", ChromeCommand::Pause);
                if game.is_some_and(|g| g.offers(Capability::Restart)) {
                    item(ui, "⟲ Restart", ChromeCommand::Restart);
                }
                item(ui, "⚙ Settings", ChromeCommand::Settings);
                item(ui, "? How to play", ChromeCommand::Help);
                item(ui, "☰ Games", ChromeCommand::Leave);
                ui.label(egui::RichText::new("Esc or P resumes").size(small).weak());
            });
        });
    }
    // What a screen reader says about the board (the console's view of it).
    let corner = egui::pos2(area.left + 4.0, area.top + 4.0);
    super::ui::board_description(&ctx, corner, &board.0);
    super::ui::hide_side_panels(&ctx, chrome.help);
    if chrome.help {
        let page = game.map(|g| help.0.page(g.screen, &help.1, &help.2));
        let shown = game.is_some_and(|g| example.on(g.screen));
        let example = (&example.error, shown);
        chrome.help &=
            super::help::page_panel(&ctx, (&theme, &palette.ui), game, page, example, area.top);
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
                        commands.write(ChromeCommand::ConfirmLeave);
                    }
                    if ui.button("Stay").clicked() {
                        commands.write(ChromeCommand::Stay);
                    }
                });
            });
        });
    }
    Ok(())
}

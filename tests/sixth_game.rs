//! A sixth game written against the contract alone: tic-tac-toe on the rules crate's K in a
//! row (3×3, three in a row), with a computer that takes the first free square. Everything a
//! game folder holds is in this file; it names its own screen, and registering it is one line,
//! `app.add_game(&TIC_TAC_TOE)`. It then passes the checks every game passes: it is in the
//! registry, offers what the contract requires, runs headless on its screen, describes its
//! state, answers the chrome's Restart, and its computer waits while the game is paused.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;
use gems_rules::k_in_a_row::{Board, Game, Move, Side, Status};
use modern_gems::kit::chrome::{ChromeCommand, Paused, answer_chrome};
use modern_gems::kit::game::Capability::{Computer, GameOver, Records, Restart, Share};
use modern_gems::kit::game::{AddGame, Capability, GameInfo, GameRegistry};
use modern_gems::kit::palette::Palette;
use modern_gems::kit::schedule::{GameSchedule, GameSet, GameSystems};
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::{Screen, ScreenStatus};
use modern_gems::kit::share::{Describe, DescribeGame, GameTitle};
use modern_gems::kit::theme::egui_color;
use modern_gems::{headless_screen_app, settle_screen};

/// The most frames the sixth game may take to settle.
const FRAMES: usize = 200;

/// The game's screen, named by the game itself.
const SCREEN: Screen = Screen::game("tic-tac-toe");

/// The sixth game's entry: the one value registration needs.
static TIC_TAC_TOE: GameInfo = GameInfo {
    screen: SCREEN,
    name: "Tic-tac-toe",
    blurb: "Three in a row on a 3×3 board, against the computer.",
    aliases: &["noughts-and-crosses"],
    plugin: logic_plugin,
    logic_plugin,
    draw_plugin: |_| {},
    keys_plugin: modern_gems::kit::game::no_keys,
    picture,
    capabilities: &[Restart, Share, Computer, GameOver, Records],
    records: |_| None,
    settings: &[],
    check_setup: modern_gems::kit::game::no_setup_checks,
};

/// The game: the rules' K in a row on a 3×3 board, the person first.
#[derive(Resource)]
struct TicTacToe(Game);

impl TicTacToe {
    fn new() -> Self {
        let board = Board::new(3, 3).expect("a 3×3 board with three in a row");
        TicTacToe(Game::new(board, Side::Human))
    }
}

impl Describe for TicTacToe {
    fn title(&self) -> String {
        format!("Tic-tac-toe - {} tiles placed", self.0.moves().len())
    }

    fn link_query(&self) -> Result<String, String> {
        Ok("?game=tic-tac-toe".to_string())
    }

    fn in_progress(&self) -> bool {
        !self.0.moves().is_empty() && self.0.status() == Status::InProgress
    }

    fn board_text(&self) -> String {
        format!("Tic-tac-toe, {} tiles placed", self.0.moves().len())
    }
}

/// Everything that changes the game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// A tile at (row, col), for whoever is to move.
    Place(usize, usize),
    /// The same empty board again.
    Restart,
}

/// This game's systems at `step` of the frame.
const fn set(step: GameSystems) -> GameSet {
    GameSet(SCREEN, step)
}

/// The game without a window: its session, actions, computer and records.
fn logic_plugin(app: &mut App) {
    app.insert_resource(TicTacToe::new())
        .add_message::<Action>()
        .game_sets(SCREEN)
        .add_systems(
            Update,
            (
                answer_chrome(|_: &TicTacToe, command| {
                    (command == ChromeCommand::Restart).then_some(Action::Restart)
                })
                .in_set(set(GameSystems::Input)),
                act.in_set(set(GameSystems::Actions)),
                computer.in_set(set(GameSystems::Ai)),
                report.in_set(set(GameSystems::Advance)),
            ),
        )
        .describe_game::<TicTacToe>(SCREEN);
}

/// Actions change the rules' game; a finished game goes into the record.
fn act(
    mut actions: MessageReader<Action>,
    mut game: ResMut<TicTacToe>,
    mut scores: ResMut<HighScores>,
) {
    for action in actions.read() {
        match *action {
            Action::Place(row, col) => {
                let Ok(status) = game.0.play(Move::new(row, col)) else {
                    continue;
                };
                let outcome = match status {
                    Status::Won(Side::Human) => "won",
                    Status::Won(Side::Computer) => "lost",
                    Status::Draw => "drawn",
                    Status::InProgress => continue,
                };
                scores.count(&format!("tic-tac-toe|{outcome}"));
            }
            Action::Restart => *game = TicTacToe::new(),
        }
    }
}

/// The computer takes the first free square on its turn.
fn computer(game: Res<TicTacToe>, mut actions: MessageWriter<Action>) {
    if game.0.status() == Status::InProgress
        && game.0.to_move() == Side::Computer
        && let Some(&Move { row, col }) = game.0.legal_moves().first()
    {
        actions.write(Action::Place(row, col));
    }
}

/// Settled when the person is to move or the game is over.
fn report(game: Res<TicTacToe>, mut status: ResMut<ScreenStatus>) {
    let over = game.0.status() != Status::InProgress;
    status.report(over || game.0.to_move() == Side::Human, over);
}

/// The title card's picture: a diagonal of three.
fn picture(painter: &egui::Painter, r: egui::Rect, palette: &Palette) {
    for i in 0..3 {
        let at = r.min + egui::vec2(i as f32 + 0.5, i as f32 + 0.5) * (r.height() / 3.0);
        painter.circle_filled(at, r.height() / 8.0, egui_color(palette.kind(i + 1)));
    }
}

/// A headless app with the sixth game registered and on screen.
fn app() -> App {
    let mut app = headless_screen_app(SCREEN, Duration::from_millis(16));
    app.insert_resource(HighScores::default());
    app.add_game(&TIC_TAC_TOE);
    settle_screen(&mut app, FRAMES);
    app
}

fn title(app: &App) -> String {
    app.world().resource::<GameTitle>().0.clone()
}

fn tiles(app: &App) -> usize {
    app.world().resource::<TicTacToe>().0.moves().len()
}

#[test]
fn a_sixth_game_registers_with_one_line_and_offers_what_the_contract_requires() {
    let app = app();
    let registry = app.world().resource::<GameRegistry>();
    let game = registry.get(SCREEN).expect("registered");
    for capability in [Share, Computer, GameOver, Records] {
        assert!(game.offers(capability), "{capability:?}");
    }
    assert_eq!(title(&app), "Tic-tac-toe - 0 tiles placed");
}

#[test]
fn the_sixth_game_is_played_to_the_end_restarts_through_the_chrome_and_keeps_a_record() {
    let mut app = app();
    let start = title(&app);
    // The person takes the middle column; the computer answers in the first free squares.
    for (row, col) in [(0, 1), (1, 1), (2, 1)] {
        app.world_mut().write_message(Action::Place(row, col));
        settle_screen(&mut app, FRAMES);
    }
    assert_eq!(
        app.world().resource::<TicTacToe>().0.status(),
        Status::Won(Side::Human)
    );
    assert!(app.world().resource::<ScreenStatus>().over);
    assert_eq!(
        app.world()
            .resource::<HighScores>()
            .counter("tic-tac-toe|won"),
        1
    );
    assert_ne!(title(&app), start);
    app.world_mut().write_message(ChromeCommand::Restart);
    settle_screen(&mut app, FRAMES);
    assert_eq!(title(&app), start);
    assert!(TIC_TAC_TOE.offers(Capability::Restart));
}

#[test]
fn the_sixth_game_s_computer_waits_while_paused() {
    let mut app = app();
    app.world_mut().resource_mut::<Paused>().0 = true;
    app.world_mut().write_message(Action::Place(0, 0));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(tiles(&app), 1, "the computer answered while paused");
    app.world_mut().resource_mut::<Paused>().0 = false;
    settle_screen(&mut app, FRAMES);
    assert_eq!(tiles(&app), 2);
}

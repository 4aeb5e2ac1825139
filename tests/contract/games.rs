//! What the contract test must know of each game to drive it as a player would: a move
//! through its own actions, where it keeps a hint, how its computer is asked to play and how
//! many moves it has made, the keys that make a move, and how to play a whole game to its end.

use bevy::prelude::*;
use gems_rules::dots::Point;
use gems_rules::k_in_a_row::Move;
use modern_gems::games::dots::model::{DotsAction, DotsSession};
use modern_gems::games::gems::model::{GemsAction, GemsSession};
use modern_gems::games::k_in_a_row::model::{KAction, KSession};
use modern_gems::games::solo_red::model::{SoloRedAction, SoloRedSession};
use modern_gems::kit::screens::{Screen, ScreenStatus};
use modern_gems::settle_screen;

use modern_gems::games::REGISTRY;
use modern_gems::kit::chrome::ChromeCommand;
use modern_gems::kit::game::{Capability, GameInfo};
use modern_gems::kit::share::GameTitle;

use super::FRAMES;

/// Plays one move of the game on screen through its own actions (as its input would).
pub fn play_a_move(app: &mut App, screen: Screen) {
    let world = app.world_mut();
    if screen == modern_gems::games::gems::SCREEN {
        let game = &world.resource::<GemsSession>().game;
        let (cell, _) = game.board().cells().next().expect("a gem");
        world.write_message(GemsAction::Select(cell));
    } else if screen == modern_gems::games::dots::SCREEN {
        let board = world.resource::<DotsSession>().game.board().clone();
        let n = board.size();
        let pair = (0..n)
            .flat_map(|y| (0..n - 1).map(move |x| (Point { x, y }, Point { x: x + 1, y })))
            .chain(
                (0..n - 1)
                    .flat_map(|y| (0..n).map(move |x| (Point { x, y }, Point { x, y: y + 1 }))),
            )
            .find(|(a, b)| board.get(*a) == board.get(*b))
            .expect("two neighbouring dots of one colour");
        world.write_message(DotsAction::Play(vec![pair.0, pair.1]));
    } else if screen == modern_gems::games::k_in_a_row::SCREEN {
        let board = *world.resource::<KSession>().game.board();
        let size = board.size();
        let (row, col) = (0..size * size)
            .map(|i| (i / size, i % size))
            .find(|&(r, c)| board.is_empty(r, c))
            .expect("an empty square");
        world.write_message(KAction::Place(Move::new(row, col)));
    } else if screen == modern_gems::games::solo_red::SCREEN {
        let game = world.resource::<SoloRedSession>().game.clone();
        // A move that keeps the game going where there is one (the game is then in progress).
        let turn = gems_rules::solo_red::ai::surviving_moves(&game)
            .first()
            .copied()
            .or_else(|| gems_rules::solo_red::ai::any_move(&game))
            .expect("a move");
        // The hand as each play finds it: the canvas card leaves it first.
        let mut hand = game.hand().to_vec();
        let mut index = |card| {
            let i = hand.iter().position(|&c| c == card).expect("in hand");
            hand.remove(i);
            i
        };
        if let Some(canvas) = turn.canvas {
            world.write_message(SoloRedAction::Select(index(canvas)));
            world.write_message(SoloRedAction::Canvas);
        }
        world.write_message(SoloRedAction::Select(index(turn.card)));
        world.write_message(SoloRedAction::Palette(turn.palette));
    } else if screen == modern_gems::games::grid_duel::SCREEN {
        // Keep the grid on show (the turn's first grid: the next waits for a choice).
        world.write_message(modern_gems::games::grid_duel::model::DuelAction::Keep);
    } else {
        panic!("no move written for {}", screen.slug());
    }
    settle_screen(app, FRAMES);
}

/// Whether the game on screen shows a hint (each game keeps its own).
pub fn hint_shown(app: &App, screen: Screen) -> bool {
    let world = app.world();
    if screen == modern_gems::games::gems::SCREEN {
        world
            .resource::<modern_gems::games::gems::coach::Hint>()
            .cell
            .is_some()
    } else if screen == modern_gems::games::dots::SCREEN {
        !world
            .resource::<modern_gems::games::dots::model::DotsHint>()
            .path
            .is_empty()
    } else if screen == modern_gems::games::solo_red::SCREEN {
        world.resource::<SoloRedSession>().hint.is_some()
    } else if screen == modern_gems::games::k_in_a_row::SCREEN {
        world.resource::<KSession>().hint.is_some()
    } else if screen == modern_gems::games::grid_duel::SCREEN {
        world
            .resource::<modern_gems::games::grid_duel::model::DuelSession>()
            .hint
            .is_some()
    } else {
        panic!("no hint read for {}", screen.slug());
    }
}

/// Plays the game on screen to its end: the computer plays where it can, and the player's
/// part (K in a row's tiles, Grid Duel's keeping) is sent every 50 frames.
pub fn play_to_the_end(app: &mut App, screen: Screen) {
    let_the_computer_play(app, screen);
    for frame in 0..40_000 {
        if app.world().resource::<ScreenStatus>().over {
            return;
        }
        if frame % 50 == 49 {
            if screen == modern_gems::games::k_in_a_row::SCREEN {
                let board = *app.world().resource::<KSession>().game.board();
                let size = board.size();
                if let Some(i) = (0..size * size).find(|&i| board.is_empty(i / size, i % size)) {
                    app.world_mut()
                        .write_message(KAction::Place(Move::new(i / size, i % size)));
                }
            } else if screen == modern_gems::games::grid_duel::SCREEN {
                let_the_computer_play(app, screen);
            }
        }
        app.update();
    }
    panic!("{} never ended", screen.slug());
}

/// How many moves the computer has made in the game on screen, by the game's own count.
pub fn computer_moves(app: &App, screen: Screen) -> usize {
    let world = app.world();
    if screen == modern_gems::games::gems::SCREEN {
        world.resource::<GemsSession>().game.move_num() as usize
    } else if screen == modern_gems::games::dots::SCREEN {
        let game = &world.resource::<DotsSession>().game;
        (world.resource::<DotsSession>().moves - game.moves_left()) as usize
    } else if screen == modern_gems::games::k_in_a_row::SCREEN {
        let board = world.resource::<KSession>().game.board();
        board.count(gems_rules::k_in_a_row::Side::Computer)
    } else if screen == modern_gems::games::solo_red::SCREEN {
        let game = &world.resource::<SoloRedSession>().game;
        game.palettes().iter().map(Vec::len).sum()
    } else if screen == modern_gems::games::grid_duel::SCREEN {
        let duel = &world
            .resource::<modern_gems::games::grid_duel::model::DuelSession>()
            .duel;
        usize::from(
            duel.turn_points(gems_rules::grid_duel::Side::Computer, 0)
                .is_some(),
        )
    } else {
        panic!("no computer count for {}", screen.slug());
    }
}

/// Asks the computer of the game on screen to play, as its menu or its turn would.
pub fn let_the_computer_play(app: &mut App, screen: Screen) {
    let world = app.world_mut();
    if screen == modern_gems::games::gems::SCREEN {
        world.write_message(GemsAction::SetPlayer(gems_rules::gems::Player::Greedy));
        let mut autoplay = world.resource_mut::<modern_gems::games::gems::ai::Autoplay>();
        autoplay.enabled = true;
        autoplay.delay = 0.0;
    } else if screen == modern_gems::games::dots::SCREEN {
        let mut autoplay = world.resource_mut::<modern_gems::games::dots::ai::DotsAutoplay>();
        autoplay.enabled = true;
        autoplay.delay = 0.0;
    } else if screen == modern_gems::games::k_in_a_row::SCREEN {
        world.write_message(KAction::Place(Move::new(0, 0)));
    } else if screen == modern_gems::games::solo_red::SCREEN {
        world.write_message(SoloRedAction::ToggleAutoplay);
    } else if screen == modern_gems::games::grid_duel::SCREEN {
        world.write_message(modern_gems::games::grid_duel::model::DuelAction::Keep);
    } else {
        panic!("no way to let the computer play in {}", screen.slug());
    }
}

/// Presses `key` for one frame, as the keyboard would (the test's keyboard: no window).
pub fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

/// Keys that make a move in the game on screen, pressed in turn until one does.
pub fn move_keys(screen: Screen) -> &'static [KeyCode] {
    if screen == modern_gems::games::gems::SCREEN {
        // Walk the keyboard cursor and try to remove the group under it.
        &[
            KeyCode::ArrowRight,
            KeyCode::Space,
            KeyCode::ArrowUp,
            KeyCode::Enter,
        ]
    } else if screen == modern_gems::games::grid_duel::SCREEN {
        // Keep the grid on show.
        &[KeyCode::Enter]
    } else if screen == modern_gems::games::dots::SCREEN {
        // A staircase from the top left corner, each dot added to the path (a dot of another
        // colour starts a new one) and the path ended after each step: the first neighbours
        // of one colour on the stairs are removed.
        &[
            KeyCode::ArrowRight,
            KeyCode::Space,
            KeyCode::Enter,
            KeyCode::ArrowDown,
            KeyCode::Space,
            KeyCode::Enter,
        ]
    } else if screen == modern_gems::games::k_in_a_row::SCREEN
        || screen == modern_gems::games::solo_red::SCREEN
    {
        // Show the cursor, then place a tile under it; pick up a hand card, then play it to
        // the palette the cursor then moves to.
        &[KeyCode::Space]
    } else {
        panic!("no keys written for {}", screen.slug());
    }
}

/// Stops the computer of the game on screen from starting another search (autoplay off), as
/// a player who takes over would; K in a row's computer plays only on its turn.
pub fn stop_the_computer(app: &mut App, screen: Screen) {
    let world = app.world_mut();
    if screen == modern_gems::games::gems::SCREEN {
        world
            .resource_mut::<modern_gems::games::gems::ai::Autoplay>()
            .enabled = false;
    } else if screen == modern_gems::games::dots::SCREEN {
        world
            .resource_mut::<modern_gems::games::dots::ai::DotsAutoplay>()
            .enabled = false;
    } else if screen == modern_gems::games::solo_red::SCREEN {
        world.resource_mut::<SoloRedSession>().autoplay = false;
    }
}

/// Whether the game on screen runs its computer player as a kit AI job. Grid Duel's computer
/// plays its turn inside the rules (`Duel::play_computer`: an exact expectation over its
/// rows, not a search), so nothing of it runs in the background to go stale.
pub fn searches_in_the_background(screen: Screen) -> bool {
    screen != modern_gems::games::grid_duel::SCREEN
}

/// A headless app playing `game`, settled on its first frames.
pub fn app_for(game: &'static GameInfo) -> App {
    // One deal on every run, and the computer's answers within the frame that asks, so that
    // a failure replays (a worker thread can lag behind the frames on a busy machine).
    modern_gems::kit::headless_game_app(game, 1, FRAMES)
}

/// The window title the game writes from its state.
pub fn title(app: &App) -> String {
    app.world().resource::<GameTitle>().0.clone()
}

/// Leaves the game on screen through the chrome (confirming when asked), back to the title.
pub fn leave(app: &mut App, game: &GameInfo) {
    send(app, ChromeCommand::Leave);
    app.world_mut().write_message(ChromeCommand::ConfirmLeave);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title,
        "{}: Leave did not leave",
        game.name
    );
}

/// The games offering `capability`.
pub fn offering(capability: Capability) -> Vec<&'static GameInfo> {
    REGISTRY
        .iter()
        .copied()
        .filter(|g| g.offers(capability))
        .collect()
}

/// Sends the chrome's `command` and runs one frame.
pub fn send(app: &mut App, command: ChromeCommand) {
    app.world_mut().write_message(command);
    app.update();
}

/// Sends the chrome's `command` and lets the game settle.
pub fn chrome(app: &mut App, command: ChromeCommand) {
    app.world_mut().write_message(command);
    settle_screen(app, FRAMES);
}

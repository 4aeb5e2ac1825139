//! The monkey's actions: a random one for the game on screen, in the state it is in, now and
//! then one of the kit's chrome or a switch to another game.

use bevy::prelude::*;
use gems_rules::gems::{Cell, Player, RemovalPolicy, random_board};
use gems_rules::k_in_a_row::{Board as KBoard, Move, Side, Strength};
use modern_gems::games::dots::model::{DotsAction, DotsSession};
use modern_gems::games::gems::model::{GemsAction, GemsSession};
use modern_gems::games::grid_duel::model::DuelAction;
use modern_gems::games::k_in_a_row::model::{KAction, KSession, Setup};
use modern_gems::games::solo_red::model::{SoloRedAction, SoloRedSession};
use modern_gems::kit::chrome::{ChromeCommand, Paused};
use modern_gems::kit::screens::Screen;
use rand::RngExt;
use rand::rngs::StdRng;

use super::GAMES;

/// One thing the monkey does in a frame.
#[derive(Clone, Debug)]
pub(super) enum Act {
    Gems(GemsAction),
    Dots(DotsAction),
    K(KAction),
    Solo(SoloRedAction),
    Duel(DuelAction),
    /// Switch to another screen.
    Go(Screen),
    /// Toggle a game's autoplay (Modern Gems' player, Dots' planner).
    GemsAutoplay(bool),
    DotsAutoplay(bool),
    /// A click or key of the kit's chrome (Undo, Esc, pause, settings, help, leaving…).
    Chrome(ChromeCommand),
    /// Change the resources a Modern Gems move is played with.
    Policy(RemovalPolicy),
    Player(Player),
}

/// A cell mostly on a board of `rows × cols`, sometimes just off it.
fn cell(rng: &mut StdRng, rows: usize, cols: usize) -> (usize, usize) {
    (rng.random_range(0..rows + 2), rng.random_range(0..cols + 2))
}

fn pick<T: Copy>(rng: &mut StdRng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

/// A random action for the game on `screen`, in the state `world` is in.
pub(super) fn random_act(rng: &mut StdRng, world: &World, screen: Screen) -> Act {
    if rng.random_range(0..400) == 0 {
        return Act::Go(pick(rng, &GAMES));
    }
    // The chrome now and then, and more often while paused, so that a pause does not last.
    let paused = world.resource::<Paused>().0;
    if screen != Screen::Title && rng.random_range(0..if paused { 3 } else { 30 }) == 0 {
        return Act::Chrome(chrome_act(rng, paused));
    }
    match screen {
        modern_gems::games::gems::SCREEN => gems_act(rng, world),
        modern_gems::games::dots::SCREEN => dots_act(rng, world),
        modern_gems::games::k_in_a_row::SCREEN => k_act(rng, world),
        modern_gems::games::solo_red::SCREEN => solo_act(rng, world),
        modern_gems::games::grid_duel::SCREEN => duel_act(rng),
        // The title, or a screen no game here plays: go to a game.
        _ => Act::Go(pick(rng, &GAMES)),
    }
}

/// A click or key of the chrome: any of them, and, while paused, mostly the
/// pause menu's (Restart is not sent then: it would also resume, which a replay of the game's
/// own actions cannot see).
fn chrome_act(rng: &mut StdRng, paused: bool) -> ChromeCommand {
    use ChromeCommand::*;
    if paused {
        return pick(
            rng,
            &[Pause, Pause, Escape, Escape, Help, Settings, Leave, Stay],
        );
    }
    // What the games answer, the chrome's windows, and leaving.
    let groups: [&[ChromeCommand]; 3] = [
        &[Undo, Redo, Hint, Restart],
        &[NewGame, Escape, Pause, Help, Settings],
        &[Leave, Stay, ConfirmLeave, HideGameOver],
    ];
    let group = groups[rng.random_range(0..groups.len())];
    pick(rng, group)
}

fn gems_act(rng: &mut StdRng, world: &World) -> Act {
    let board = world.resource::<GemsSession>().game.board();
    let (rows, cols) = (board.rows(), board.cols());
    let (r, c) = cell(rng, rows, cols);
    match rng.random_range(0..100) {
        0..30 => Act::Gems(GemsAction::Select(Cell::new(r, c))),
        30..45 => Act::Gems(GemsAction::Hover(Some(Cell::new(r, c)))),
        45..48 => Act::Gems(GemsAction::Hover(None)),
        48..56 => Act::Gems(GemsAction::MoveCursor(
            rng.random_range(-1..=1),
            rng.random_range(-1..=1),
        )),
        56..62 => Act::Gems(GemsAction::SelectCursor),
        62..68 => Act::Gems(GemsAction::Undo),
        68..72 => Act::Gems(GemsAction::Redo),
        72..74 => Act::Gems(GemsAction::Restart),
        74..77 => Act::Gems(GemsAction::Hint),
        77..80 => {
            let (rows, cols, kinds) = (
                rng.random_range(1..9),
                rng.random_range(1..11),
                rng.random_range(1..5),
            );
            let seed = rng.random_range(0..1_000);
            let board = random_board(rows, cols, kinds, seed).expect("a small random board");
            Act::Gems(GemsAction::NewGame {
                board_name: format!("random:{rows}x{cols}:{kinds}:{seed}"),
                board,
                policy: pick(rng, &RemovalPolicy::ALL),
                player: pick(rng, &Player::ALL),
            })
        }
        80..82 => {
            let game = world.resource::<GemsSession>().game.clone();
            Act::Gems(GemsAction::Load {
                name: "monkey.mg".into(),
                game: Box::new(game),
            })
        }
        82..87 => Act::Gems(GemsAction::SetPlayer(pick(rng, &Player::ALL))),
        87..90 => Act::GemsAutoplay(rng.random_bool(0.7)),
        90..94 => Act::Policy(pick(rng, &RemovalPolicy::ALL)),
        _ => Act::Player(pick(rng, &Player::ALL)),
    }
}

fn dots_act(rng: &mut StdRng, world: &World) -> Act {
    let size = world.resource::<DotsSession>().game.board().size();
    let (r, c) = cell(rng, size, size);
    let p = gems_rules::dots::Point::new(r, c);
    match rng.random_range(0..100) {
        0..25 => Act::Dots(DotsAction::Press(p)),
        25..60 => Act::Dots(DotsAction::Drag(p)),
        60..75 => Act::Dots(DotsAction::Release),
        75..78 => Act::Dots(DotsAction::Remove),
        78..80 => Act::Dots(DotsAction::Clear),
        80..82 => Act::Dots(DotsAction::Hint),
        82..83 => Act::Dots(DotsAction::Undo),
        83..84 => Act::Dots(DotsAction::Redo),
        84..86 => Act::Dots(DotsAction::NewGame(rng.random_range(0..1_000))),
        86..88 => Act::Dots(DotsAction::Setup {
            size: rng.random_range(2..12),
            colors: rng.random_range(1..8),
            moves: rng.random_range(0..40),
        }),
        88..92 => Act::DotsAutoplay(rng.random_bool(0.5)),
        _ => {
            // A legal straight pair, as the planner would play it, if one is there.
            let board = world.resource::<DotsSession>().game.board();
            let q = gems_rules::dots::Point::new(r, c + 1);
            let legal = r < size && c + 1 < size && board.get(p) == board.get(q);
            if legal {
                Act::Dots(DotsAction::Play(vec![p, q]))
            } else {
                Act::Dots(DotsAction::Play(vec![p]))
            }
        }
    }
}

fn k_act(rng: &mut StdRng, world: &World) -> Act {
    let n = world.resource::<KSession>().game.board().size();
    let (r, c) = cell(rng, n, n);
    match rng.random_range(0..100) {
        0..65 => Act::K(KAction::Place(Move::new(r, c))),
        65..69 => Act::K(KAction::Undo),
        69..72 => Act::K(KAction::Redo),
        72..75 => Act::K(KAction::Hint),
        75..82 => Act::K(KAction::ToggleUnavailable(r, c)),
        82..97 => {
            let size = rng.random_range(3..=6);
            let k = rng.random_range(3..=size);
            let mut board = KBoard::new(size, k).expect("3 ≤ k ≤ size ≤ 6 is a valid board");
            if rng.random_bool(0.3) {
                let (ur, uc) = (rng.random_range(0..size), rng.random_range(0..size));
                board.set(ur, uc, gems_rules::k_in_a_row::Cell::Unavailable);
            }
            let strength = if rng.random_bool(0.3) {
                Strength::Perfect
            } else {
                Strength::Quality(rng.random_range(1..=3))
            };
            let first = if rng.random_bool(0.5) {
                Side::Human
            } else {
                Side::Computer
            };
            Act::K(KAction::NewGame(Setup {
                board,
                strength,
                first,
            }))
        }
        _ => Act::K(KAction::LoadFile("no/such/monkey.board".into())),
    }
}

fn solo_act(rng: &mut StdRng, world: &World) -> Act {
    // A finished deal mostly gets a new one (clicks on it are tried too).
    if world.resource::<SoloRedSession>().game.is_over() && rng.random_bool(0.3) {
        return Act::Solo(SoloRedAction::NewGame(rng.random_range(0..1_000)));
    }
    match rng.random_range(0..100) {
        0..40 => Act::Solo(SoloRedAction::Select(rng.random_range(0..9))),
        40..62 => Act::Solo(SoloRedAction::Palette(rng.random_range(0..6))),
        62..82 => Act::Solo(SoloRedAction::Canvas),
        82..86 => Act::Solo(SoloRedAction::Hint),
        86..89 => Act::Solo(SoloRedAction::Undo),
        89..91 => Act::Solo(SoloRedAction::Redo),
        91..93 => Act::Solo(SoloRedAction::ToggleAutoplay),
        93..95 => Act::Solo(SoloRedAction::Deal {
            seed: rng.random_range(0..1_000),
            palettes: rng.random_range(1..=6),
            hand: rng.random_range(2..=9),
        }),
        _ => Act::Solo(SoloRedAction::NewGame(rng.random_range(0..1_000))),
    }
}

fn duel_act(rng: &mut StdRng) -> Act {
    match rng.random_range(0..100) {
        0..35 => Act::Duel(DuelAction::Keep),
        35..50 => Act::Duel(DuelAction::RegenerateGrid),
        50..75 => Act::Duel(DuelAction::RegenerateRow(rng.random_range(0..=10))),
        75..79 => Act::Duel(DuelAction::Undo),
        79..82 => Act::Duel(DuelAction::Redo),
        82..85 => Act::Duel(DuelAction::Hint),
        85..88 => Act::Duel(DuelAction::Restart),
        88..93 => Act::Duel(DuelAction::Replay),
        _ => Act::Duel(DuelAction::NewGame {
            smart: rng.random_bool(0.5),
        }),
    }
}

//! Checks for any bytes typed into `gems-cli`'s five consoles: the first byte picks the console
//! (Modern Gems, Dots, K in a row, Solo Red, Grid Duel) and the rest is its standard input.
//! Whatever is typed, the console answers and ends at the end of the input, without a panic
//! and without an I/O error. Shared by the `console_input` fuzz target and the stable test
//! that replays its corpus (`crates/gems-cli/tests/console_corpus.rs`).

use std::io::Cursor;

use gems_rules::gems::{Budget, Computer};

/// Runs the console the first byte picks on the rest of `data`.
pub fn check(data: &[u8]) {
    let Some((&which, typed)) = data.split_first() else {
        return;
    };
    // Modern Gems' `save NAME` writes a file: those lines are left out.
    let typed: Vec<u8> = typed
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| !line.trim_ascii_start().starts_with(b"save"))
        .flatten()
        .copied()
        .collect();
    let mut input = Cursor::new(typed);
    let mut out = Vec::new();
    let result = match which % 5 {
        0 => {
            // Searches by node count, so an automatic game stays quick.
            let mut computer = Computer::default();
            computer.expert.budget = Budget::Nodes(200);
            gems_cli::modern_gems::Console::new(input, &mut out, true)
                .with_computer(computer)
                .run()
        }
        1 => {
            let game = gems_rules::dots::Game::new(6, 4, 10, 7).expect("a 6x6 Dots game");
            gems_cli::dots::Console::new(game, input, &mut out).run()
        }
        2 => {
            use gems_rules::k_in_a_row::{Board, Side, Strength};
            let board = Board::new(5, 4).expect("a 5x5 board");
            gems_cli::k_in_a_row::play(
                board,
                Side::Human,
                Strength::Quality(1),
                1,
                &mut input,
                &mut out,
            )
        }
        3 => {
            let mut game = gems_rules::solo_red::Game::new(7);
            game.start(&gems_rules::solo_red::Game::all_cards(), true, 4, 7)
                .expect("a Solo Red deal");
            gems_cli::solo_red::play(&mut game, input, &mut out, 7)
        }
        _ => {
            use gems_rules::grid_duel::{ComputerKind, Duel};
            gems_cli::grid_duel::Console::new(input, &mut out, Duel::new(7, ComputerKind::Smart), 7)
                .run()
        }
    };
    if let Err(e) = result {
        panic!("console {} failed on its input: {e}", which % 5);
    }
    assert!(!out.is_empty(), "console {} wrote nothing", which % 5);
}

//! What the examples that read a board-set file share: their arguments (the file, then
//! numbers) and how they end.

use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::bits::BitBoard;
use gems_rules::gems::{Board, RemovalPolicy, parse_board_set};

/// The boards of a board-set file, each with its bitboard under the Classic rules.
pub type Boards = Vec<(Board, BitBoard)>;

/// The boards of the board-set file named first on the command line, each with its bitboard
/// under the Classic rules, and the numbers after the file (each of `defaults` where none is
/// given); `usage` is the message for a missing file or a word that is not a number.
pub fn boards_and_numbers<const N: usize>(
    usage: &str,
    defaults: [u64; N],
) -> Result<(Boards, [u64; N]), String> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or(usage)?;
    let mut numbers = defaults;
    for (number, arg) in numbers.iter_mut().zip(args) {
        *number = arg
            .parse()
            .map_err(|_| format!("{arg}: not a number ({usage})"))?;
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let boards = parse_board_set(&text).map_err(|e| format!("{path}: {e}"))?;
    let boards = boards
        .into_iter()
        .enumerate()
        .map(
            |(i, board)| match BitBoard::from_board(&board, RemovalPolicy::Classic) {
                Ok((bits, _)) => Ok((board, bits)),
                Err(e) => Err(format!("{path}: board {}: {e:?}", i + 1)),
            },
        )
        .collect::<Result<_, _>>()?;
    Ok((boards, numbers))
}

/// Prints a speed example's figures: `boards` boards searched as `what` says, the total of
/// their lines, and the playouts played since `started`, per second.
#[allow(
    dead_code,
    reason = "refine_curve, which includes this module too, times nothing"
)]
pub fn report(what: &str, boards: usize, total: u64, playouts: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{boards} boards, {what}: total {total}, {playouts} playouts in {seconds:.2} s = {:.0} playouts/s",
        playouts as f64 / seconds
    );
}

/// The exit status of an example that ran `result`: its error, if any, printed, and a failure.
pub fn exit(result: Result<(), String>) -> ExitCode {
    let failed = result.inspect_err(|e| eprintln!("{e}")).is_err();
    ExitCode::from(u8::from(failed))
}

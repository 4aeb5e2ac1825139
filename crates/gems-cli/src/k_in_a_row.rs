//! `gems-cli k-in-a-row`: the console front end of K in a row (play, solve, benchmark).

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::Duration;

use gems_rules::k_in_a_row::{
    Analysis, Board, Engine, FULL_DEPTH, Game, Limits, MAX_FILE_BYTES, Move, Outcome, Side, Status,
    Strength, parse_board_file,
};
use gems_rules::storage::read_text_bounded;

/// How long `--solve` searches without `--seconds`.
const DEFAULT_SOLVE_TIME: Duration = Duration::from_secs(10);

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  k-in-a-row FILE [--computer-first] [--perfect]
                             play K in a row against the computer on the board in FILE
                             (size, k, quality, then rows of e/u); --perfect solves instead
                             of searching `quality` plies
  k-in-a-row --solve FILE [--seconds S]
                             solve the position in FILE (cells e/u/h/c; whoever has fewer
                             tiles moves, the human on equal counts): value and best move,
                             or 'value: unknown' when the search is not over in S seconds
                             (default 10)
  bench k-in-a-row [--size N] [--k K]
                             solve N×N k-in-a-row from the empty board (default 5×5, k=4)
                             and print the value, time, nodes and nodes per second
  bench k-in-a-row --match [--games N] [--seed S] [--quality Q]
                             the engine (quality 4) against the spec's reference player,
                             N games (default 100) on 10×10 and on 15×15, k = 5: results
                             and time per move
";

/// Runs `gems-cli k-in-a-row ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut file = None;
    let mut solve = false;
    let mut computer_first = false;
    let mut perfect = false;
    let mut seconds = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--solve" => solve = true,
            "--computer-first" => computer_first = true,
            "--perfect" => perfect = true,
            "--seconds" => {
                let v = it.next().ok_or("k-in-a-row: --seconds needs a number")?;
                let s = v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
                    .ok_or_else(|| format!("k-in-a-row: bad number of seconds '{v}'"))?;
                seconds = Some(Duration::from_secs_f64(s));
            }
            f if f.starts_with("--") => return Err(format!("k-in-a-row: unknown option '{f}'")),
            f if file.is_none() => file = Some(f.to_string()),
            f => return Err(format!("k-in-a-row: unexpected argument '{f}'")),
        }
    }
    let file = file.ok_or("k-in-a-row: missing the board FILE")?;
    let text = read_text_bounded(Path::new(&file), MAX_FILE_BYTES)
        .map_err(|e| format!("k-in-a-row: {file}: {e}"))?;
    let parsed = parse_board_file(&text, solve).map_err(|e| format!("k-in-a-row: {file}: {e}"))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if solve {
        let limits = Limits {
            time: Some(seconds.unwrap_or(DEFAULT_SOLVE_TIME)),
            cancel: gems_rules::cancel::Cancel::never(),
            nodes: None,
        };
        write_solution(&parsed.board, &limits, &mut out).map_err(|e| e.to_string())
    } else {
        let strength = if perfect {
            Strength::Perfect
        } else {
            Strength::Quality(parsed.quality)
        };
        let first = if computer_first {
            Side::Computer
        } else {
            Side::Human
        };
        let stdin = io::stdin();
        play(
            parsed.board,
            first,
            strength,
            parsed.quality,
            &mut stdin.lock(),
            &mut out,
        )
        .map_err(|e| e.to_string())
    }
}

/// Solves `board` for the player to move by the board-file rule and writes
/// `value: win|draw|loss`, `move: ROW COL`, then the search figures.
fn write_solution(board: &Board, limits: &Limits, out: &mut impl Write) -> io::Result<()> {
    let to_move = board.side_to_move_by_count();
    let a = Engine::new().solve(board, to_move, limits);
    let value = match a.outcome {
        Some(Outcome::Win) if a.proven => "win",
        Some(Outcome::Draw) if a.proven => "draw",
        Some(Outcome::Loss) if a.proven => "loss",
        _ => "unknown",
    };
    writeln!(out, "value: {value}")?;
    match a.best {
        Some(Move { row: r, col: c })
            if Game::new(*board, to_move).status() == Status::InProgress =>
        {
            writeln!(out, "move: {r} {c}")?
        }
        _ => writeln!(out, "move: none")?,
    }
    writeln!(
        out,
        "to move: {}",
        match to_move {
            Side::Human => "human",
            Side::Computer => "computer",
        }
    )?;
    writeln!(
        out,
        "proven: {}",
        if a.proven {
            "yes"
        } else {
            "no (the search did not finish)"
        }
    )?;
    write_figures(&a, out)
}

fn write_figures(a: &Analysis, out: &mut impl Write) -> io::Result<()> {
    let secs = a.elapsed.as_secs_f64();
    writeln!(
        out,
        "nodes: {}  time: {:.3} s  nodes/s: {:.0}",
        a.nodes,
        secs,
        a.nodes as f64 / secs.max(1e-9)
    )
}

/// The board as the console shows it: column numbers, then one row per line
/// (`.` empty, `#` unavailable, `H` human, `C` computer).
pub fn board_text(board: &Board) -> String {
    let n = board.size();
    let mut s = String::from(" ");
    for c in 0..n {
        s.push_str(&format!(" {c}"));
    }
    s.push('\n');
    for r in 0..n {
        s.push_str(&r.to_string());
        for c in 0..n {
            let ch = match board.get(r, c).map(|cell| cell.letter()) {
                Some('h') => 'H',
                Some('c') => 'C',
                Some('u') => '#',
                _ => '.',
            };
            s.push(' ');
            s.push(ch);
        }
        s.push('\n');
    }
    s
}

/// Plays a game at the console: the human types `ROW COL`, the computer answers.
pub fn play(
    board: Board,
    first: Side,
    strength: Strength,
    quality: u32,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut game = Game::new(board, first);
    let mut engine = Engine::new();
    let level = match strength {
        Strength::Perfect => "perfect play".to_string(),
        Strength::Quality(_) => format!("quality {quality}"),
    };
    writeln!(
        out,
        "K in a row: {n}x{n} board, {k} in a row wins, computer at {level}.",
        n = board.size(),
        k = board.k()
    )?;
    writeln!(
        out,
        "You are H, the computer is C, # is unavailable. Enter a move as ROW COL (from 0), or quit."
    )?;
    writeln!(out)?;
    write!(out, "{}", board_text(game.board()))?;
    let mut line = String::new();
    while game.status() == Status::InProgress {
        if game.to_move() == Side::Computer {
            let limits = Limits {
                time: match strength {
                    Strength::Perfect => Some(Duration::from_secs(20)),
                    Strength::Quality(_) => None,
                },
                cancel: gems_rules::cancel::Cancel::never(),
                nodes: None,
            };
            let a = engine.best_move(game.board(), Side::Computer, strength, &limits);
            let Move { row: r, col: c } = a
                .best
                .expect("an empty square exists while the game is in progress");
            game.play(Move::new(r, c))
                .expect("the engine plays an empty square");
            writeln!(out)?;
            writeln!(out, "Computer plays {r} {c}")?;
            write!(out, "{}", board_text(game.board()))?;
            continue;
        }
        write!(out, "Your move (row col): ")?;
        out.flush()?;
        if crate::console::read_line(input, &mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "Game abandoned.")?;
            return Ok(());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => continue,
            ["quit"] | ["q"] => {
                writeln!(out, "Game abandoned.")?;
                return Ok(());
            }
            [r, c] => match (r.parse::<usize>(), c.parse::<usize>()) {
                (Ok(r), Ok(c)) => match game.play(Move::new(r, c)) {
                    Ok(_) => {
                        writeln!(out)?;
                        write!(out, "{}", board_text(game.board()))?;
                    }
                    Err(e) => writeln!(out, "Invalid move: {e}.")?,
                },
                _ => writeln!(out, "Please enter two numbers: ROW COL.")?,
            },
            _ => writeln!(out, "Please enter two numbers: ROW COL.")?,
        }
    }
    writeln!(out)?;
    match game.status() {
        Status::Won(Side::Human) => writeln!(out, "You win!")?,
        Status::Won(Side::Computer) => writeln!(out, "The computer wins.")?,
        _ => writeln!(out, "The game is a draw.")?,
    }
    Ok(())
}

/// Runs `gems-cli bench k-in-a-row ARGS`: solves the empty N×N board with k to win.
pub fn bench(args: &[String]) -> Result<(), String> {
    if args.first().is_some_and(|a| a == "--match") {
        return crate::k_match::run(&args[1..]);
    }
    let (mut size, mut k) = (5usize, 4usize);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it
            .next()
            .ok_or_else(|| format!("bench k-in-a-row: {flag} needs a value"))?;
        let n: usize = v
            .parse()
            .map_err(|_| format!("bench k-in-a-row: bad number '{v}'"))?;
        match flag.as_str() {
            "--size" => size = n,
            "--k" => k = n,
            other => return Err(format!("bench k-in-a-row: unknown option '{other}'")),
        }
    }
    let board = Board::new(size, k).map_err(|e| format!("bench k-in-a-row: {e}"))?;
    let mut engine = Engine::with_table_bits(22);
    let a = engine.solve(&board, Side::Human, &Limits::default());
    let value = match a.outcome {
        Some(Outcome::Win) => "first player wins",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Loss) => "second player wins",
        None => "unknown",
    };
    println!("k-in-a-row {size}x{size} k={k} from the empty board: {value}");
    let Move { row: r, col: c } = a.best.unwrap_or(Move::new(0, 0));
    println!(
        "best first move: {r} {c}; proven: {}; depth: {}",
        if a.proven { "yes" } else { "no" },
        if a.depth == FULL_DEPTH as u32 {
            "to the end".to_string()
        } else {
            a.depth.to_string()
        }
    );
    let secs = a.elapsed.as_secs_f64();
    println!(
        "time: {secs:.3} s  nodes: {}  nodes/s: {:.0}",
        a.nodes,
        a.nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

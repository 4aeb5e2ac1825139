//! `gems-cli k-in-a-row`: the console front end of K in a row (play, solve, benchmark).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use gems_rules::k_in_a_row::{
    Analysis, Board, Engine, FULL_DEPTH, Game, Limits, MAX_FILE_BYTES, Move, Outcome, Side,
    SquareAnalysis, SquareValue, Status, Strength, parse_board_file,
};
use gems_rules::storage::read_text_bounded;

/// How long `--solve` searches without `--seconds`.
const DEFAULT_SOLVE_TIME: Duration = Duration::from_secs(10);

/// Play K in a row against the computer on the board in FILE, or solve the position in it.
///
/// The board file holds the board's size, k (how many in a row win) and the computer's quality
/// (how many plies it searches), one a line, then one line per row of `e` (empty) and `u`
/// (unavailable) cells. To solve, cells may also be `h` (human) and `c` (computer): whoever has
/// fewer tiles moves, the human on equal counts.
#[derive(Debug, clap::Args)]
pub struct KInARowArgs {
    /// The board file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Solve the position instead of playing: print its value (win, draw or loss for the
    /// player to move) and the best move, or 'value: unknown' when the search is not over in
    /// time.
    #[arg(long)]
    solve: bool,
    /// With --solve: also prove the value of every empty square for the player to move (what
    /// playing there leads to), with a budget of its own (--seconds again), printed as a grid
    /// of W (win), D (draw), L (loss) and ? (not proven in time).
    #[arg(long, requires = "solve")]
    squares: bool,
    /// With --squares: the squares' budget in seconds, if not --seconds.
    #[arg(long, value_name = "S", requires = "squares", value_parser = crate::values::seconds)]
    squares_seconds: Option<f64>,
    /// With --squares: keep the squares proven so far in this file, and take those it already
    /// holds (for the same position) as known, so that a long proof can stop and go on.
    #[arg(long, value_name = "PATH", requires = "squares")]
    checkpoint: Option<PathBuf>,
    /// Let the computer make the first move.
    #[arg(long, conflicts_with = "solve")]
    computer_first: bool,
    /// The computer plays perfectly (solves the game) instead of searching `quality` plies.
    #[arg(long, conflicts_with = "solve")]
    perfect: bool,
    /// With --solve: how long the search may take, in seconds [default: 10].
    #[arg(long, value_name = "S", requires = "solve", value_parser = crate::values::seconds)]
    seconds: Option<f64>,
}

/// Runs `gems-cli k-in-a-row`: the console game, or `--solve`.
pub fn run(args: &KInARowArgs) -> Result<(), String> {
    let file = args.file.display();
    let text = read_text_bounded(&args.file, MAX_FILE_BYTES)
        .map_err(|e| format!("k-in-a-row: {file}: {e}"))?;
    let parsed =
        parse_board_file(&text, args.solve).map_err(|e| format!("k-in-a-row: {file}: {e}"))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.solve {
        let limits = Limits {
            time: Some(
                args.seconds
                    .map_or(DEFAULT_SOLVE_TIME, Duration::from_secs_f64),
            ),
            cancel: gems_rules::cancel::Cancel::never(),
            nodes: None,
        };
        let mut engine = Engine::new();
        write_solution(&mut engine, &parsed.board, &limits, &mut out)
            .and_then(|()| {
                if args.squares {
                    let limits = Limits {
                        time: args
                            .squares_seconds
                            .map(Duration::from_secs_f64)
                            .or(limits.time),
                        ..limits.clone()
                    };
                    let checkpoint = args.checkpoint.as_deref();
                    write_squares(&mut engine, &parsed.board, &limits, checkpoint, &mut out)
                } else {
                    Ok(())
                }
            })
            .map_err(|e| e.to_string())
    } else {
        let strength = if args.perfect {
            Strength::Perfect
        } else {
            Strength::Quality(parsed.quality)
        };
        let first = if args.computer_first {
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
fn write_solution(
    engine: &mut Engine,
    board: &Board,
    limits: &Limits,
    out: &mut impl Write,
) -> io::Result<()> {
    let to_move = board.side_to_move_by_count();
    let a = engine.solve(board, to_move, limits);
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

/// Proves every empty square's value for the player to move (a [`SquareAnalysis`], the engine's
/// table kept from the root's solve) and writes them as a grid: `W`, `D`, `L` or `?` on empty
/// squares, the board's letters elsewhere, then how many are proven and the time it took; when
/// every square is proven, also the position's value from them. With `checkpoint`, the squares
/// the file holds for this position are known at the start, and the file is rewritten (whole,
/// through a temporary file) after every square proven.
fn write_squares(
    engine: &mut Engine,
    board: &Board,
    limits: &Limits,
    checkpoint: Option<&std::path::Path>,
    out: &mut impl Write,
) -> io::Result<()> {
    let start = std::time::Instant::now();
    let to_move = board.side_to_move_by_count();
    let mut analysis = SquareAnalysis::new(*board, to_move, limits.clone(), true, None);
    let mut known = 0;
    if let Some(path) = checkpoint
        && path.exists()
    {
        let text = read_text_bounded(path, MAX_FILE_BYTES * 64)?;
        let squares = checkpoint::parse(&text, board, to_move)
            .map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
        known = squares.len();
        for (mv, value) in squares {
            analysis.set_known(mv, value);
        }
    }
    let proven = |a: &SquareAnalysis| {
        a.values()
            .iter()
            .filter(|(_, v)| matches!(v, SquareValue::Proven(_)))
            .count()
    };
    let mut saved = known;
    let never = gems_rules::cancel::Cancel::never();
    loop {
        let done = analysis.step(engine, Some(Duration::from_secs(2)), &never);
        let now = proven(&analysis);
        if let Some(path) = checkpoint
            && now > saved
        {
            saved = now;
            let text = checkpoint::text(board, to_move, analysis.values());
            gems_rules::storage::atomic_write(path, text.as_bytes())?;
        }
        if done {
            break;
        }
    }
    let n = board.size();
    let mut grid: Vec<char> = board.state_string().chars().collect();
    for (Move { row, col }, v) in analysis.values() {
        grid[row * n + col] = match v {
            SquareValue::Proven(Outcome::Win) => 'W',
            SquareValue::Proven(Outcome::Draw) => 'D',
            SquareValue::Proven(Outcome::Loss) => 'L',
            _ => '?',
        };
    }
    writeln!(out, "squares (W win, D draw, L loss, ? unknown):")?;
    for row in grid.chunks(n.max(1)) {
        writeln!(out, "{}", row.iter().collect::<String>())?;
    }
    let all = analysis.values().len();
    let done = proven(&analysis);
    writeln!(
        out,
        "squares proven: {done} of {all} ({known} from the checkpoint)  time: {:.3} s",
        start.elapsed().as_secs_f64()
    )?;
    let best = analysis
        .values()
        .iter()
        .filter_map(|(_, v)| match v {
            SquareValue::Proven(o) => Some(*o),
            _ => None,
        })
        .max_by_key(|o| match o {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        });
    if let (true, Some(best)) = (done == all, best) {
        writeln!(out, "value from the squares: {}", checkpoint::word(best))?;
    }
    Ok(())
}

/// The checkpoint file of `--squares --checkpoint`: a comment, the position (`board SIZE K
/// STATE`, `to-move human|computer`), then one `square ROW COL win|draw|loss` a proven square.
mod checkpoint {
    use gems_rules::k_in_a_row::{Board, Move, Outcome, Side, SquareValue};

    /// The word of an outcome in the file.
    pub fn word(o: Outcome) -> &'static str {
        match o {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }

    fn side_word(side: Side) -> &'static str {
        match side {
            Side::Human => "human",
            Side::Computer => "computer",
        }
    }

    /// The file for `board` with `to_move` to play and its squares' values (proven ones only).
    pub fn text(board: &Board, to_move: Side, values: &[(Move, SquareValue)]) -> String {
        let mut text = format!(
            "# gems-cli k-in-a-row --squares checkpoint\nboard {} {} {}\nto-move {}\n",
            board.size(),
            board.k(),
            board.state_string(),
            side_word(to_move)
        );
        for (mv, v) in values {
            if let SquareValue::Proven(o) = v {
                text += &format!("square {} {} {}\n", mv.row, mv.col, word(*o));
            }
        }
        text
    }

    /// The proven squares of a checkpoint written for `board` and `to_move`, or why it cannot be
    /// used (naming the line).
    pub fn parse(text: &str, board: &Board, to_move: Side) -> Result<Vec<(Move, Outcome)>, String> {
        let position = format!(
            "board {} {} {}",
            board.size(),
            board.k(),
            board.state_string()
        );
        let mover = format!("to-move {}", side_word(to_move));
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
        match (lines.next(), lines.next()) {
            (Some((_, p)), Some((_, m))) if p.trim() == position && m.trim() == mover => {}
            _ => return Err("it was written for another position".to_string()),
        }
        let mut squares = Vec::new();
        for (i, line) in lines {
            let bad = || {
                format!(
                    "line {}: expected 'square ROW COL win|draw|loss', not '{line}'",
                    i + 1
                )
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let ["square", r, c, v] = words[..] else {
                return Err(bad());
            };
            let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) else {
                return Err(bad());
            };
            let value = match v {
                "win" => Outcome::Win,
                "draw" => Outcome::Draw,
                "loss" => Outcome::Loss,
                _ => return Err(bad()),
            };
            if !board.is_empty(r, c) {
                return Err(format!("line {}: ({r},{c}) is not an empty square", i + 1));
            }
            squares.push((Move::new(r, c), value));
        }
        Ok(squares)
    }
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

/// Solve N×N K in a row from the empty board and print the value, time and nodes per second;
/// or, with --match, play the engine against the spec's reference player.
///
/// The match plays N games on 10×10 (against the reference player at quality 3) and N on 15×15
/// (at quality 2), 5 in a row to win; every game opens with two tiles per side placed at random
/// from the seed, and the first player alternates. It prints the results and the time per move.
#[derive(Debug, clap::Args)]
pub struct KInARowBenchArgs {
    /// The board is N×N squares.
    #[arg(long, value_name = "N", default_value_t = 5, conflicts_with = "versus")]
    size: usize,
    /// K in a row wins.
    #[arg(long, value_name = "K", default_value_t = 4, conflicts_with = "versus")]
    k: usize,
    /// Play the engine against the spec's reference player instead of solving.
    #[arg(id = "versus", long = "match")]
    versus: bool,
    /// With --match: games per board size.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 100,
        requires = "versus",
        value_parser = crate::values::positive::<usize>
    )]
    games: usize,
    /// With --match: the seed of the openings.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "versus")]
    seed: u64,
    /// With --match: the engine's quality (plies searched, 1 to 64).
    #[arg(
        long,
        value_name = "Q",
        default_value_t = 4,
        requires = "versus",
        value_parser = clap::value_parser!(u32).range(1..=64)
    )]
    quality: u32,
}

/// Runs `gems-cli bench k-in-a-row`: solves the empty N×N board with k to win, or plays the
/// `--match`.
pub fn bench(args: &KInARowBenchArgs) -> Result<(), String> {
    if args.versus {
        return crate::k_match::run(args.games, args.seed, args.quality);
    }
    let (size, k) = (args.size, args.k);
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

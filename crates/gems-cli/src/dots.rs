//! `gems-cli dots`: the console front end of Dots (scripted play), the `--analyse` board
//! report and the `--compare` benchmark of the planner against the greedy player.
//!
//! The console reads one command per line from stdin (blank lines are skipped, input is not
//! echoed) and answers on stdout; `docs/games/dots.md` lists the commands and their wording.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use gems_rules::dots::{
    Board, DEFAULT_COLORS, DEFAULT_MOVES, DEFAULT_SIZE, DotsError, Game, MAX_BOARD_FILE_BYTES,
    Outcome, Planner, PlayerKind, Point, best_big_square, best_closed_shape, best_move,
    best_square,
};
use gems_rules::storage::read_text_bounded;

/// Play Dots at the console, analyse a board file, or compare the planner with greedy play.
///
/// The console reads one command per line (type 'help' for the list): select dots of one colour
/// in a path, then remove them; a closed shape removes every dot of its colour. The game ends
/// when the moves run out.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("mode").args(["analyse", "compare", "board"]))]
pub struct DotsArgs {
    /// The board is N×N dots (3 to 12).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SIZE)]
    size: usize,
    /// Moves allowed in a game (1 to 1000).
    #[arg(long, value_name = "M", default_value_t = DEFAULT_MOVES)]
    moves: u32,
    /// Seed of the random board and of the dots that fall in; with --compare, the first game's
    /// seed (each next game takes the next seed).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Number of dot colours (2 to 9).
    #[arg(
        long,
        visible_alias = "colours",
        value_name = "C",
        default_value_t = DEFAULT_COLORS
    )]
    colors: u8,
    /// Start from the board in FILE (n lines of n colour digits) instead of a random one; the
    /// dots that fall in still come from --seed.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Print the best square, big square and closed shape of the board in FILE (n lines of n
    /// colour digits), then exit.
    #[arg(long, visible_alias = "analyze", value_name = "FILE")]
    analyse: Option<PathBuf>,
    /// Play G seeded games with the planner and with the greedy player, and print both
    /// players' totals.
    #[arg(long)]
    compare: bool,
    /// With --compare: the number of games.
    #[arg(long, value_name = "G", default_value_t = 50, requires = "compare")]
    games: u32,
}

/// Runs `gems-cli dots`: the analysis, the comparison or the console game.
pub fn run(o: &DotsArgs) -> Result<(), String> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if let Some(file) = &o.analyse {
        let text = analyse_file(file)?;
        write!(out, "{text}").map_err(|e| e.to_string())?;
        return out.flush().map_err(|e| e.to_string());
    }
    if o.compare {
        compare(o, &mut out).map_err(|e| format!("dots: {e}"))?;
        return out.flush().map_err(|e| e.to_string());
    }
    let game = match &o.board {
        Some(file) => Game::with_board(read_board(file)?, o.moves, o.seed),
        None => Game::new(o.size, o.colors, o.moves, o.seed),
    }
    .map_err(|e| format!("dots: {e}"))?;
    let stdin = io::stdin().lock();
    Console::new(game, stdin, out)
        .run()
        .map_err(|e| format!("dots: {e}"))
}

/// The three lines of `--analyse` for the board in `path`.
pub fn analyse_file(path: &Path) -> Result<String, String> {
    Ok(analyse(&read_board(path)?))
}

/// The board in a file of n lines of n colour digits, size-bounded.
fn read_board(path: &Path) -> Result<Board, String> {
    let text = read_text_bounded(path, MAX_BOARD_FILE_BYTES)
        .map_err(|e| format!("dots: cannot read {}: {e}", path.display()))?;
    Board::parse(&text).map_err(|e| format!("dots: {}: {e}", path.display()))
}

/// `square: N`, `big square: N` and `closed shape: N`: the dots the best selection of each
/// kind removes, 0 when there is none.
pub fn analyse(board: &Board) -> String {
    let n = |s: Option<(Vec<Point>, usize)>| s.map_or(0, |s| s.1);
    format!(
        "square: {}\nbig square: {}\nclosed shape: {}\n",
        n(best_square(board)),
        n(best_big_square(board)),
        n(best_closed_shape(board))
    )
}

/// Totals of one player over the compared games.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    total: u64,
    wins: u32,
    seconds: f64,
}

/// Plays `o.games` seeded games with each player and prints both totals.
fn compare<W: Write>(o: &DotsArgs, out: &mut W) -> Result<(), DotsError> {
    let (mut greedy, mut planner) = (Tally::default(), Tally::default());
    let mut ties = 0;
    for g in 0..u64::from(o.games) {
        let seed = o.seed.wrapping_add(g);
        let start = Instant::now();
        let a = play_out(&mut PlayerKind::Greedy, o, seed)?;
        greedy.seconds += start.elapsed().as_secs_f64();
        let start = Instant::now();
        let b = play_out(
            &mut PlayerKind::Planner(Box::new(Planner::new(seed))),
            o,
            seed,
        )?;
        planner.seconds += start.elapsed().as_secs_f64();
        greedy.total += a;
        planner.total += b;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => greedy.wins += 1,
            std::cmp::Ordering::Less => planner.wins += 1,
            std::cmp::Ordering::Equal => ties += 1,
        }
        let _ = writeln!(
            out,
            "game {g:>3} seed {seed:>6}: greedy {a:>4}  planner {b:>4}"
        );
    }
    let games = f64::from(o.games.max(1));
    let _ = writeln!(
        out,
        "{} games, {}x{}, {} colours, {} moves",
        o.games, o.size, o.size, o.colors, o.moves
    );
    for (name, t) in [("greedy", greedy), ("planner", planner)] {
        let _ = writeln!(
            out,
            "{name:<8} total {:>6}  mean {:>7.2}  wins {:>3}  {:.1} ms/game",
            t.total,
            t.total as f64 / games,
            t.wins,
            1000.0 * t.seconds / games
        );
    }
    let _ = writeln!(out, "ties {ties}");
    Ok(())
}

/// Plays one whole game with `player`; returns its score.
fn play_out(player: &mut PlayerKind, o: &DotsArgs, seed: u64) -> Result<u64, DotsError> {
    let mut game = Game::new(o.size, o.colors, o.moves, seed)?;
    while let Some((path, _)) = player.choose(&game) {
        game.play(&path)?;
    }
    Ok(game.score())
}

/// The interactive (scriptable) console over one game.
pub struct Console<R, W> {
    game: Game,
    planner: Planner,
    input: R,
    out: W,
}

fn fmt_path(path: &[Point]) -> String {
    path.iter()
        .map(|p| format!("{} {}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(", ")
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console playing `game`, reading commands from `input`, writing to `out`.
    pub fn new(game: Game, input: R, out: W) -> Self {
        let planner = Planner::new(game.seed());
        Self {
            game,
            planner,
            input,
            out,
        }
    }

    /// Prints the board, then reads commands until `quit`, the end of input or game over.
    pub fn run(&mut self) -> io::Result<()> {
        writeln!(
            self.out,
            "Dots: {0}x{0} board, {1} colours, {2} moves, seed {3}. Type 'help' for commands.",
            self.game.board().size(),
            self.game.board().colors(),
            self.game.moves_allowed(),
            self.game.seed()
        )?;
        self.show()?;
        if self.game.is_over() {
            return self.game_over();
        }
        let mut line = String::new();
        loop {
            write!(self.out, "> ")?;
            self.out.flush()?;
            // Blank lines are skipped without a new prompt.
            loop {
                line.clear();
                if crate::console::read_line(&mut self.input, &mut line)? == 0 {
                    writeln!(self.out)?;
                    writeln!(self.out, "Bye. Final score: {}", self.game.score())?;
                    return self.out.flush();
                }
                if !line.trim().is_empty() {
                    break;
                }
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words[0] == "quit" {
                writeln!(self.out, "Bye. Final score: {}", self.game.score())?;
                return self.out.flush();
            }
            self.command(&words)?;
            if self.game.is_over() {
                return self.game_over();
            }
        }
    }

    fn game_over(&mut self) -> io::Result<()> {
        let why = if self.game.moves_left() == 0 {
            "no moves left"
        } else {
            "no two adjacent dots share a colour"
        };
        writeln!(
            self.out,
            "Game over ({why}). Final score: {}",
            self.game.score()
        )?;
        self.out.flush()
    }

    fn command(&mut self, words: &[&str]) -> io::Result<()> {
        match words[0] {
            "help" => self.help(),
            "board" => self.show(),
            "select" | "s" => self.select(&words[1..]),
            "deselect" | "d" => self.deselect(&words[1..]),
            "clear" => {
                self.game.clear_selection();
                writeln!(self.out, "Selection cleared.")
            }
            "remove" | "r" => self.remove(),
            "hint" => match best_move(self.game.board()) {
                Some((path, n)) => writeln!(self.out, "Hint: {} removes {n}.", fmt_path(&path)),
                None => writeln!(self.out, "No move."),
            },
            "ai" => match self
                .planner
                .choose(self.game.board(), self.game.moves_left())
            {
                Some((path, _)) => {
                    writeln!(self.out, "AI selects {}.", fmt_path(&path))?;
                    match self.game.play(&path) {
                        Ok(outcome) => self.report(&outcome),
                        Err(e) => writeln!(self.out, "Error: {e}."),
                    }
                }
                None => writeln!(self.out, "No move."),
            },
            other => writeln!(
                self.out,
                "Unknown command '{other}'. Type 'help' for commands."
            ),
        }
    }

    fn help(&mut self) -> io::Result<()> {
        write!(
            self.out,
            "Commands:
  select X Y [X Y ...]   select dots (column X, row Y, from 0 at the top left)
  deselect X Y           deselect the last selected dot
  clear                  deselect everything
  remove                 remove the selected dots (a closed shape removes its colour)
  hint                   show the move that removes the most dots now
  ai                     let the planner make one move
  board                  show the board
  quit                   leave the game
"
        )
    }

    fn points(&mut self, args: &[&str]) -> io::Result<Option<Vec<Point>>> {
        let nums: Option<Vec<usize>> = args.iter().map(|w| w.parse().ok()).collect();
        match nums {
            Some(v) if !v.is_empty() && v.len() % 2 == 0 => {
                Ok(Some(v.chunks(2).map(|c| Point::new(c[0], c[1])).collect()))
            }
            _ => {
                writeln!(
                    self.out,
                    "Expected pairs of numbers: column row [column row ...]."
                )?;
                Ok(None)
            }
        }
    }

    fn select(&mut self, args: &[&str]) -> io::Result<()> {
        let Some(points) = self.points(args)? else {
            return Ok(());
        };
        // All or nothing: a dot that cannot be selected leaves the selection as it was.
        let before = self.game.selection().to_vec();
        for p in points {
            let refused = match self.game.select(p) {
                Ok(()) => continue,
                Err(DotsError::OffBoard { .. }) => format!("{} {} is off the board.", p.x, p.y),
                Err(_) => format!("Cannot select {} {}.", p.x, p.y),
            };
            self.game.clear_selection();
            for &q in &before {
                // Re-selecting the previous selection in its order cannot fail.
                let _ = self.game.select(q);
            }
            return writeln!(self.out, "{refused}");
        }
        self.selected_line()
    }

    fn selected_line(&mut self) -> io::Result<()> {
        let sel = self.game.selection().to_vec();
        if sel.is_empty() {
            return writeln!(self.out, "Selected: none.");
        }
        let closed = if self.game.is_closed_shape() {
            " (closed shape)"
        } else {
            ""
        };
        writeln!(self.out, "Selected: {}{closed}.", fmt_path(&sel))
    }

    fn deselect(&mut self, args: &[&str]) -> io::Result<()> {
        let Some(points) = self.points(args)? else {
            return Ok(());
        };
        if points.len() != 1 {
            return writeln!(self.out, "Deselect one dot at a time.");
        }
        let p = points[0];
        match self.game.deselect(p) {
            Ok(()) => self.selected_line(),
            Err(_) => writeln!(
                self.out,
                "Cannot deselect {} {}: only the last selected dot can be deselected.",
                p.x, p.y
            ),
        }
    }

    fn remove(&mut self) -> io::Result<()> {
        match self.game.remove_selected() {
            Ok(outcome) => self.report(&outcome),
            Err(DotsError::CantRemove { .. }) => {
                writeln!(self.out, "Cannot remove: select at least 2 dots.")
            }
            Err(e) => writeln!(self.out, "Error: {e}."),
        }
    }

    fn report(&mut self, o: &Outcome) -> io::Result<()> {
        let n = o.removed.len();
        if o.closed {
            writeln!(
                self.out,
                "Closed shape! Removed all {n} dots of colour {}.",
                o.color
            )?;
        } else {
            writeln!(self.out, "Removed {n} dots.")?;
        }
        self.show()
    }

    /// The board with column and row numbers, selected dots marked `*`, then the status line.
    fn show(&mut self) -> io::Result<()> {
        let b = self.game.board().clone();
        let n = b.size();
        let mut s = String::from("   ");
        for x in 0..n {
            s.push_str(&format!("{x:>3}"));
        }
        s.push('\n');
        for y in 0..n {
            s.push_str(&format!("{y:>3}"));
            for x in 0..n {
                let p = Point::new(x, y);
                let mark = if self.game.selection().contains(&p) {
                    '*'
                } else {
                    ' '
                };
                s.push_str(&format!(" {mark}{}", b.get(p)));
            }
            s.push('\n');
        }
        write!(self.out, "{s}")?;
        writeln!(
            self.out,
            "Moves left: {}  Score: {}",
            self.game.moves_left(),
            self.game.score()
        )
    }
}

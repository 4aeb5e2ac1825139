//! `gems-cli grid-duel`: Grid Duel at the console, following the spec's flow, and `--score FILE`.
//!
//! The spec's logs are lost; the wording here is designed in their spirit and documented in
//! `docs/games/grid_duel.md`. Input is read line by line and never echoed (stdin may be a pipe).
//! End of input at any prompt ends the program cleanly.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::PathBuf;

use gems_rules::grid_duel::{
    Breakdown, Choice, ComputerKind, Duel, GRIDS_PER_TURN, Grid, MAX_GRID_FILE_BYTES, Outcome,
    Phase, SIZE, Side, TURNS, score,
};
use gems_rules::storage::read_text_bounded;

use crate::console::{Stop, next_line};

/// Play Grid Duel against the computer, score a grid file, or benchmark the computers.
///
/// A game is 3 turns; in each, you and then the computer are dealt two 9x9 grids of digits 1 to
/// 9, and after each of your grids you may regenerate the whole grid or one row. The higher
/// total wins; a tie starts a whole new game.
#[derive(Debug, clap::Args)]
pub struct GridDuelArgs {
    /// Deal the grids from seed S (0 to 2^64-1), reproducibly; from the clock when not given.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The computer regenerates a row when that row's expected gain is positive, and shows its
    /// expected points.
    #[arg(long)]
    smart: bool,
    /// Score the grid in FILE (9 lines of 9 digits 1-9) and exit.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "smart", "bench"])]
    score: Option<PathBuf>,
    /// Play N seeded games (1 to 1000000; 2000 when N is not given) with the human keeping every
    /// grid, and print the plain and smart computers' totals and the smart decisions per second.
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        default_missing_value = "2000",
        value_parser = clap::value_parser!(u64).range(1..=1_000_000),
        conflicts_with_all = ["seed", "smart"]
    )]
    bench: Option<u64>,
}

/// The pause line, printed without a newline; ENTER continues.
pub const PRESS_ENTER: &str = "Press ENTER to continue. . .";

/// Runs `gems-cli grid-duel`: the bench, the scoring of a grid file or the console game.
pub fn run(args: &GridDuelArgs) -> Result<(), String> {
    if let Some(games) = args.bench {
        return bench(games);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if let Some(path) = &args.score {
        let file = path.display();
        let text = read_text_bounded(path, MAX_GRID_FILE_BYTES)
            .map_err(|e| format!("grid-duel: cannot read '{file}': {e}"))?;
        let grid = Grid::parse(&text).map_err(|e| format!("grid-duel: '{file}': {e}"))?;
        return write_score(&mut out, &score(&grid))
            .and_then(|()| out.flush())
            .map_err(|e| format!("grid-duel: {e}"));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let kind = if args.smart {
        ComputerKind::Smart
    } else {
        ComputerKind::Plain
    };
    let stdin = io::stdin();
    Console::new(stdin.lock(), out, Duel::new(seed, kind), seed)
        .run()
        .map_err(|e| format!("grid-duel: {e}"))
}

/// The five lines of `--score`: horizontal, vertical, bonus, rare and total points.
pub fn write_score(out: &mut impl Write, b: &Breakdown) -> io::Result<()> {
    writeln!(out, "horizontal: {}", b.horizontal)?;
    writeln!(out, "vertical: {}", b.vertical)?;
    writeln!(out, "bonus: {}", b.bonus)?;
    writeln!(out, "rare: {}", b.rare)?;
    writeln!(out, "total: {}", b.total())
}

/// Plays `games` seeded games (seeds 0..games) with the human keeping every grid, once against
/// each computer, and prints the average totals, the smart computer's regeneration rate and its
/// decisions per second.
fn bench(games: u64) -> Result<(), String> {
    use gems_rules::grid_duel::{best_row, smart};
    use std::time::Instant;
    let mut totals = [0i64; 2];
    let mut wins = [0u64; 2];
    let mut regenerated = 0u64;
    let mut grids = 0u64;
    for (k, kind) in [ComputerKind::Plain, ComputerKind::Smart]
        .into_iter()
        .enumerate()
    {
        for seed in 0..games {
            let mut d = Duel::new(seed, kind);
            for _ in 0..TURNS {
                for _ in 0..GRIDS_PER_TURN {
                    d.choose(Choice::Keep).map_err(|e| e.to_string())?;
                }
                for g in d.play_computer().map_err(|e| e.to_string())? {
                    if kind == ComputerKind::Smart {
                        grids += 1;
                        regenerated += u64::from(g.regenerated);
                    }
                }
            }
            totals[k] += i64::from(d.total(Side::Computer));
            wins[k] += u64::from(d.phase() == Phase::Over(Outcome::ComputerWins));
        }
    }
    // The human's dealt grids of further seeded games, to time the smart decision alone.
    let mut rng_grids = Vec::new();
    let mut probe = Duel::new(u64::MAX, ComputerKind::Plain);
    while rng_grids.len() < 20_000 {
        match probe.phase() {
            Phase::Human { .. } => {
                rng_grids.extend(probe.pending_grid().copied());
                probe.choose(Choice::Keep).map_err(|e| e.to_string())?;
            }
            Phase::Computer => {
                probe.play_computer().map_err(|e| e.to_string())?;
            }
            Phase::Over(_) => probe = Duel::new(rng_grids.len() as u64, ComputerKind::Plain),
        }
    }
    let start = Instant::now();
    let mut checksum = 0.0;
    for g in &rng_grids {
        checksum += best_row(g).expected;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let n = games as f64;
    println!("games: {games} (seeds 0..{games}), human keeps every grid");
    println!(
        "plain computer: average total {:.1}, wins {:.1}%",
        totals[0] as f64 / n,
        100.0 * wins[0] as f64 / n
    );
    println!(
        "smart computer: average total {:.1}, wins {:.1}%, regenerates {:.1}% of grids",
        totals[1] as f64 / n,
        100.0 * wins[1] as f64 / n,
        100.0 * regenerated as f64 / grids.max(1) as f64
    );
    println!(
        "smart decisions (9 exact row expectations each): {:.0} per second (checksum {:.1}, \
         expected new row horizontal points {:.4})",
        rng_grids.len() as f64 / secs,
        checksum,
        smart::EXPECTED_NEW_ROW_POINTS
    );
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The console game over any input and output.
pub struct Console<R, W> {
    input: R,
    out: W,
    duel: Duel,
    seed: u64,
    name: String,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console playing `duel` (dealt from `seed`, which the welcome shows).
    pub fn new(input: R, out: W, duel: Duel, seed: u64) -> Self {
        Self {
            input,
            out,
            duel,
            seed,
            name: String::new(),
        }
    }

    /// Plays until a game is won (replaying after ties) or input ends.
    pub fn run(mut self) -> io::Result<()> {
        match self.play() {
            Ok(()) => {
                writeln!(self.out, "Thanks for playing, {}!", self.name)?;
                self.out.flush()
            }
            Err(Stop::Eof) => {
                writeln!(self.out)?;
                writeln!(self.out, "End of input. Thanks for playing!")?;
                self.out.flush()
            }
            Err(Stop::Io(e)) => Err(e),
        }
    }

    /// Reads one line without its line ending; `Eof` when input has ended.
    fn read_line(&mut self) -> Result<String, Stop> {
        self.out.flush()?;
        let mut line = String::new();
        next_line(&mut self.input, &mut line)?;
        Ok(line.trim().to_string())
    }

    fn pause(&mut self) -> Result<(), Stop> {
        write!(self.out, "{PRESS_ENTER}")?;
        self.read_line()?;
        Ok(())
    }

    fn play(&mut self) -> Result<(), Stop> {
        self.welcome()?;
        self.ask_name()?;
        writeln!(
            self.out,
            "Hello, {}! You play first in every turn.",
            self.name
        )?;
        self.pause()?;
        loop {
            for _ in 0..TURNS {
                self.turn()?;
            }
            match self.finish()? {
                Outcome::Tie => {
                    self.pause()?;
                    // Over in a tie, so replay cannot fail.
                    let _ = self.duel.replay();
                }
                _ => return Ok(()),
            }
        }
    }

    fn welcome(&mut self) -> Result<(), Stop> {
        let bar = "=".repeat(62);
        writeln!(self.out, "{bar}")?;
        writeln!(self.out, "{:^62}", "Welcome to Grid Duel!")?;
        writeln!(self.out, "{bar}")?;
        writeln!(
            self.out,
            "You and the computer each get two 9x9 grids of digits 1 to 9 per turn,\n\
             for three turns. The human always plays first. A grid scores:\n\
             \x20 vertical points - horizontal points + bonus points + rare points\n\
             horizontal: equal adjacent digits in a row score digit x count\n\
             vertical:   equal adjacent digits in a column score (digit + 1) x count\n\
             bonus:      a digit appearing 15 or more times scores its square\n\
             rare:       each 3x3 box holding all nine digits scores 100\n\
             After each of your grids you may regenerate the whole grid or one row.\n\
             The higher total after three turns wins; a tie starts a whole new game."
        )?;
        if self.duel.computer_kind() == ComputerKind::Smart {
            writeln!(
                self.out,
                "The computer plays smart: it regenerates the row with the best expected\n\
                 gain when that gain is positive, and shows its expected points."
            )?;
        }
        writeln!(self.out, "Grids are dealt from seed {}.", self.seed)?;
        writeln!(self.out)?;
        Ok(())
    }

    fn ask_name(&mut self) -> Result<(), Stop> {
        loop {
            write!(self.out, "Please enter your name: ")?;
            let name = self.read_line()?;
            if name.is_empty() {
                writeln!(self.out, "Your name cannot be empty.")?;
            } else if name.chars().count() > 20 || name.chars().any(char::is_control) {
                writeln!(self.out, "Please use at most 20 printable characters.")?;
            } else {
                self.name = name;
                return Ok(());
            }
        }
    }

    fn turn(&mut self) -> Result<(), Stop> {
        let turn = self.duel.turn();
        writeln!(self.out)?;
        writeln!(
            self.out,
            "==================== Game {}, Turn {} of {TURNS} ====================",
            self.duel.game_number(),
            turn + 1
        )?;
        for i in 0..GRIDS_PER_TURN {
            self.human_grid(i)?;
        }
        let name = self.name.clone();
        self.turn_sum(&name, Side::Human, turn)?;
        self.pause()?;
        // Phase::Computer after the human's two grids, so play_computer cannot fail.
        if let Ok(grids) = self.duel.play_computer() {
            for g in grids {
                writeln!(self.out)?;
                writeln!(
                    self.out,
                    "Computer's grid {} of {GRIDS_PER_TURN}:",
                    g.index + 1
                )?;
                self.show(&g.dealt)?;
                if let Some(plan) = g.plan {
                    writeln!(
                        self.out,
                        "Computer's best row to regenerate is row {}: expected points {:.2} \
                         (expected gain {:+.2}).",
                        plan.row + 1,
                        plan.expected,
                        plan.gain()
                    )?;
                    if g.regenerated {
                        writeln!(self.out, "Computer regenerates row {} . . .", plan.row + 1)?;
                        self.show(&g.grid)?;
                    } else {
                        writeln!(self.out, "No regeneration requested . . .")?;
                    }
                }
                writeln!(
                    self.out,
                    "Computer scores {} points with grid {}.",
                    g.points,
                    g.index + 1
                )?;
            }
        }
        self.turn_sum("Computer", Side::Computer, turn)?;
        writeln!(self.out)?;
        self.scoreboard()?;
        if turn + 1 < TURNS {
            self.pause()?;
        }
        Ok(())
    }

    fn human_grid(&mut self, index: usize) -> Result<(), Stop> {
        let Some(&dealt) = self.duel.pending_grid() else {
            return Ok(());
        };
        writeln!(self.out)?;
        writeln!(
            self.out,
            "{}'s grid {} of {GRIDS_PER_TURN}:",
            self.name,
            index + 1
        )?;
        self.show(&dealt)?;
        let choice = loop {
            write!(
                self.out,
                "Enter a row number 1-9 to regenerate that row, G to regenerate the whole grid,\n\
                 or just press ENTER to keep this grid: "
            )?;
            let line = self.read_line()?;
            match parse_choice(&line) {
                Some(c) => break c,
                None => writeln!(
                    self.out,
                    "'{line}' is not a choice: type a row number from 1 to 9, G, or nothing."
                )?,
            }
        };
        match choice {
            Choice::Keep => writeln!(self.out, "No regeneration requested . . .")?,
            Choice::RegenerateGrid => writeln!(self.out, "Regenerating the whole grid . . .")?,
            Choice::RegenerateRow(r) => writeln!(self.out, "Regenerating row {r} . . .")?,
        }
        // parse_choice only yields rows 1-9 and it is the human's turn, so choose succeeds.
        if let Ok(played) = self.duel.choose(choice) {
            if choice != Choice::Keep {
                self.show(&played.grid)?;
            }
            writeln!(
                self.out,
                "{} scores {} points with grid {}.",
                self.name,
                played.points,
                index + 1
            )?;
        }
        Ok(())
    }

    /// The grid with column numbers, row numbers and each row's points after `=`, then its
    /// four kinds of points and its total.
    fn show(&mut self, grid: &Grid) -> Result<(), Stop> {
        write!(self.out, "{}", render(grid))?;
        Ok(())
    }

    fn turn_sum(&mut self, who: &str, side: Side, turn: usize) -> Result<(), Stop> {
        let parts: Vec<String> = (0..GRIDS_PER_TURN)
            .map(|i| {
                self.duel
                    .grid_points(side, turn, i)
                    .unwrap_or(0)
                    .to_string()
            })
            .collect();
        writeln!(
            self.out,
            "{who}'s points for turn {}: {} = {}",
            turn + 1,
            parts.join(" + "),
            self.duel.turn_points(side, turn).unwrap_or(0)
        )?;
        Ok(())
    }

    fn scoreboard(&mut self) -> Result<(), Stop> {
        let width = self.name.chars().count().max("Scoreboard".len());
        write!(self.out, "{:<width$}", "Scoreboard")?;
        for t in 1..=TURNS {
            write!(self.out, "  Turn {t}")?;
        }
        writeln!(self.out, "   Total")?;
        let name = self.name.clone();
        for (who, side) in [(name.as_str(), Side::Human), ("Computer", Side::Computer)] {
            write!(self.out, "{who:<width$}")?;
            for t in 0..TURNS {
                match self.duel.turn_points(side, t) {
                    Some(p) => write!(self.out, "{p:>8}")?,
                    None => write!(self.out, "{:>8}", "-")?,
                }
            }
            writeln!(self.out, "{:>8}", self.duel.total(side))?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<Outcome, Stop> {
        let Phase::Over(outcome) = self.duel.phase() else {
            return Ok(Outcome::Tie);
        };
        let (h, c) = (
            self.duel.total(Side::Human),
            self.duel.total(Side::Computer),
        );
        writeln!(self.out)?;
        writeln!(self.out, "Final score: {} {h}, Computer {c}.", self.name)?;
        match outcome {
            Outcome::HumanWins => writeln!(
                self.out,
                "{} wins by {} points! Congratulations!",
                self.name,
                h - c
            )?,
            Outcome::ComputerWins => writeln!(
                self.out,
                "The computer wins by {} points. Better luck next time, {}!",
                c - h,
                self.name
            )?,
            Outcome::Tie => writeln!(
                self.out,
                "It's a tie at {h} points each! A whole new game will be played . . ."
            )?,
        }
        Ok(outcome)
    }
}

/// Reads the human's choice: blank keeps the grid, `g`/`G` regenerates it, 1–9 a row.
pub fn parse_choice(line: &str) -> Option<Choice> {
    let t = line.trim();
    if t.is_empty() {
        return Some(Choice::Keep);
    }
    if t.eq_ignore_ascii_case("g") {
        return Some(Choice::RegenerateGrid);
    }
    match t.parse::<usize>() {
        Ok(n) if (1..=SIZE).contains(&n) => Some(Choice::RegenerateRow(n)),
        _ => None,
    }
}

/// A grid as the console shows it: column numbers across the top, row numbers on the left,
/// each row's horizontal points after `=`, then the grid's points by kind and in total.
pub fn render(grid: &Grid) -> String {
    let b = score(grid);
    let mut s = String::from("     1 2 3 4 5 6 7 8 9\n    ------------------\n");
    for r in 0..SIZE {
        let digits: Vec<String> = grid.row(r).iter().map(u8::to_string).collect();
        s += &format!("{:>2} | {} = {}\n", r + 1, digits.join(" "), b.rows[r]);
    }
    s += &format!(
        "Points: vertical {} - horizontal {} + bonus {} + rare {} = {}\n",
        b.vertical,
        b.horizontal,
        b.bonus,
        b.rare,
        b.total()
    );
    s
}

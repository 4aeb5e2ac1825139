//! `gems-cli soak`: AI against AI over many seeded games of every game (and every Modern Gems
//! removal policy), checking the rules' invariants after every move. A panic or a failed
//! invariant is reported with the game's seed, so it can be replayed; the run ends with one
//! summary line.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use gems_rules::gems::fast::FastRng;
use gems_rules::gems::{
    Board, Game, Player, RemovalPolicy, check, legal_moves, named_board, named_board_names,
    random_board,
};
use gems_rules::grid_duel;

/// This command's lines in `gems-cli --help`.
pub const USAGE: &str = "  soak [--games N] [--other-games M] [--seed S]
                             AI-vs-AI games of every game, checking invariants after every
                             move: N Modern Gems games (default 1000; policies in turn) and
                             M of each other game (default N/10)
";

/// One game's soak: plays (games, seed) and tallies the outcome.
type SoakFn = fn(u64, u64) -> Tally;

/// Counts of one game's soak.
#[derive(Default)]
struct Tally {
    games: u64,
    moves: u64,
    failures: Vec<String>,
}

impl Tally {
    /// Runs one game through `play`, catching panics, and records its outcome.
    fn run(&mut self, label: &str, seed: u64, play: impl FnOnce() -> Result<u64, String>) {
        self.games += 1;
        match catch_unwind(AssertUnwindSafe(play)) {
            Ok(Ok(moves)) => self.moves += moves,
            Ok(Err(e)) => self.failures.push(format!("{label} seed {seed}: {e}")),
            Err(p) => {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                self.failures
                    .push(format!("{label} seed {seed}: panicked: {msg}"));
            }
        }
    }
}

/// Runs `gems-cli soak ARGS`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut games = 1000u64;
    let mut other = None;
    let mut seed = 1u64;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let v = it
                .next()
                .ok_or_else(|| format!("soak: {name} needs a number"))?;
            v.parse()
                .map_err(|_| format!("soak: bad number '{v}' for {name}"))
        };
        match flag.as_str() {
            "--games" => games = number("--games")?,
            "--other-games" => other = Some(number("--other-games")?),
            "--seed" => seed = number("--seed")?,
            f => return Err(format!("soak: unknown option '{f}'")),
        }
    }
    let other = other.unwrap_or((games / 10).max(1));
    let start = Instant::now();
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for (name, n, soak) in [(
        "modern-gems",
        games,
        soak_modern_gems as fn(u64, u64) -> Tally,
    )]
    .into_iter()
    .chain(other_games().into_iter().map(|(name, f)| (name, other, f)))
    {
        let t0 = Instant::now();
        let tally = soak(n, seed);
        println!(
            "{name}: {} games, {} moves, {} failures ({:.1} s)",
            tally.games,
            tally.moves,
            tally.failures.len(),
            t0.elapsed().as_secs_f64()
        );
        for f in tally.failures.iter().take(10) {
            println!("  FAIL {f}");
        }
        report.push(format!("{} {name}", tally.games));
        failures.extend(tally.failures);
    }
    println!(
        "soak: {} games ({}), {} failures, {:.1} s",
        report
            .iter()
            .map(|r| r
                .split(' ')
                .next()
                .unwrap_or("0")
                .parse::<u64>()
                .unwrap_or(0))
            .sum::<u64>(),
        report.join(", "),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("soak: {} failed games", failures.len()))
    }
}

/// The soaks of the games other than Modern Gems, each taking (games, seed).
fn other_games() -> Vec<(&'static str, SoakFn)> {
    vec![("grid-duel", soak_grid_duel)]
}

/// Checks a Grid Duel grid: digits 1–9, and its points are its breakdown's total.
fn check_grid(grid: &grid_duel::Grid, points: i32) -> Result<(), String> {
    if grid.rows().iter().flatten().any(|d| !(1..=9).contains(d)) {
        return Err("a grid holds a digit outside 1–9".into());
    }
    let b = grid_duel::score(grid);
    let rows: i32 = b.rows.iter().sum();
    let cols: i32 = b.columns.iter().sum();
    if rows != b.horizontal || cols != b.vertical || b.rare % 100 != 0 || b.rare > 900 {
        return Err(format!("inconsistent breakdown {b:?}"));
    }
    if b.total() != points {
        return Err(format!(
            "grid recorded {points} points, its breakdown totals {}",
            b.total()
        ));
    }
    if grid_duel::score::rare_boxes(grid).len() * 100 != b.rare as usize {
        return Err("rare points do not match the complete boxes".into());
    }
    Ok(())
}

/// Grid Duel: random human choices against the plain and the smart computer, whole games with
/// replays after ties; every grid's points, every choice's effect and the totals are checked.
fn soak_grid_duel(games: u64, seed: u64) -> Tally {
    use grid_duel::{Choice, ComputerKind, Duel, Outcome, Phase, Side};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(7_000_003).wrapping_add(i);
        let kind = if i % 2 == 0 {
            ComputerKind::Plain
        } else {
            ComputerKind::Smart
        };
        tally.run(&format!("grid-duel #{i} {kind:?}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let mut duel = Duel::new(game_seed, kind);
            let mut moves = 0u64;
            loop {
                match duel.phase() {
                    Phase::Human { .. } => {
                        let choice = match rng.below(11) {
                            0 => Choice::Keep,
                            1 => Choice::RegenerateGrid,
                            r => Choice::RegenerateRow(r - 1),
                        };
                        let g = duel.choose(choice).map_err(|e| e.to_string())?;
                        check_grid(&g.grid, g.points)?;
                        let changed: Vec<usize> = (0..9)
                            .filter(|&r| g.grid.row(r) != g.dealt.row(r))
                            .collect();
                        match choice {
                            Choice::Keep if !changed.is_empty() => {
                                return Err("a kept grid changed".into());
                            }
                            Choice::RegenerateRow(n) if changed.iter().any(|&r| r != n - 1) => {
                                return Err(format!("regenerating row {n} changed {changed:?}"));
                            }
                            _ => {}
                        }
                    }
                    Phase::Computer => {
                        for g in duel.play_computer().map_err(|e| e.to_string())? {
                            check_grid(&g.grid, g.points)?;
                            match (&g.plan, g.regenerated) {
                                (None, true) => return Err("the plain computer regenerated".into()),
                                (Some(p), true) if p.gain() <= 0.0 => {
                                    return Err("the smart computer regenerated at a loss".into());
                                }
                                (Some(p), false) if p.gain() > 1e-9 => {
                                    return Err("the smart computer kept a gainful row".into());
                                }
                                _ => {}
                            }
                            if !g.regenerated && g.grid != g.dealt {
                                return Err("a computer grid changed without a regeneration".into());
                            }
                        }
                    }
                    Phase::Over(outcome) => {
                        let (h, c) = (duel.total(Side::Human), duel.total(Side::Computer));
                        let expected = match h.cmp(&c) {
                            std::cmp::Ordering::Greater => Outcome::HumanWins,
                            std::cmp::Ordering::Less => Outcome::ComputerWins,
                            std::cmp::Ordering::Equal => Outcome::Tie,
                        };
                        if outcome != expected {
                            return Err(format!("{h} vs {c} ended as {outcome:?}"));
                        }
                        if outcome != Outcome::Tie {
                            return Ok(moves);
                        }
                        let game = duel.game_number();
                        duel.replay().map_err(|e| e.to_string())?;
                        if duel.game_number() != game + 1 || duel.total(Side::Human) != 0 {
                            return Err("a replay did not start a fresh game".into());
                        }
                    }
                }
                moves += 1;
                if moves > 10_000 {
                    return Err("the duel does not end".into());
                }
            }
        });
    }
    tally
}

/// Modern Gems: random and named boards, every policy in turn, Greedy / LookAhead1 / random
/// legal moves, [`check::check_move`] after every move.
fn soak_modern_gems(games: u64, seed: u64) -> Tally {
    let names: Vec<&str> = named_board_names().collect();
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
        let policy = RemovalPolicy::ALL[i as usize % RemovalPolicy::ALL.len()];
        let label = format!("modern-gems #{i} {}", policy.short_name());
        tally.run(&label, game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let board = if i % 10 == 9 {
                let name = names[rng.below(names.len())];
                named_board(name).ok_or_else(|| format!("named board {name} missing"))?
            } else {
                random_board(
                    1 + rng.below(12),
                    1 + rng.below(12),
                    1 + rng.below(5) as u32,
                    game_seed,
                )
                .map_err(|e| e.to_string())?
            };
            let player = [Player::Greedy, Player::LookAhead1, Player::Interactive][rng.below(3)];
            play_modern_gems(board, policy, player, &mut rng)
        });
    }
    tally
}

/// Plays one Modern Gems game to the end (`Player::Interactive` stands for random legal
/// moves) and checks every move; returns the number of moves.
fn play_modern_gems(
    board: Board,
    policy: RemovalPolicy,
    player: Player,
    rng: &mut FastRng,
) -> Result<u64, String> {
    check::check_settled(&board)?;
    let mut game = Game::new(board, policy, Player::Interactive);
    let mut moves = 0u64;
    while !game.is_over() {
        let before = game.board().clone();
        let legal = legal_moves(&before, policy);
        if legal.is_empty() {
            return Err("the game is not over but has no legal move".into());
        }
        let cell = if player == Player::Interactive {
            legal[rng.below(legal.len())].cell
        } else {
            player
                .choose_move(&before, policy)
                .ok_or("the AI found no move in a game that is not over")?
        };
        // The group the move should remove, as the policy flags it on a copy.
        let mut probe = before.clone();
        policy.flag_connected_gems(cell.row, cell.col, &mut probe);
        let group = probe.flagged_cells().len();
        if group < policy.min_group() {
            return Err(format!("the AI chose {cell:?}, which is not a legal move"));
        }
        let score_before = game.score();
        let outcome = game
            .play(cell.row as i64, cell.col as i64)
            .map_err(|e| format!("a legal move was refused: {e}"))?;
        check::check_move(&before, score_before, group, &outcome, &game)?;
        moves += 1;
        if moves > 1_000_000 {
            return Err("the game does not end".into());
        }
    }
    if !legal_moves(game.board(), policy).is_empty() {
        return Err("the game is over but a legal move is left".into());
    }
    Ok(moves)
}

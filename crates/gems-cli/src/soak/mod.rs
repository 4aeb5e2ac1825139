//! `gems-cli soak`: AI against AI over many seeded games of every game (and every Modern Gems
//! removal policy), checking the rules' invariants after every move. A panic or a failed
//! invariant is reported with the game's seed, so it can be replayed; the run ends with one
//! summary line.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

mod dots;
mod grid_duel;
mod k_in_a_row;
mod modern_gems;
mod solo_red;

/// AI-against-AI games of every game, checking the rules' invariants after every move.
///
/// Plays N Modern Gems games (the removal policies in turn) and M games of each other game, from
/// seeded deals; a panic or a broken invariant is reported with the game's seed, so that it can
/// be replayed. Ends with one summary line, and fails when a game failed.
#[derive(Debug, clap::Args)]
pub struct SoakArgs {
    /// Modern Gems games to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    /// Games of each other game to play [default: N/10, at least 1].
    #[arg(long, value_name = "M")]
    other_games: Option<u64>,
    /// The first game's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// One game's soak: plays (games, seed) and tallies the outcome.
type SoakFn = fn(u64, u64) -> Tally;

/// Counts of one game's soak.
#[derive(Default)]
pub struct Tally {
    games: u64,
    moves: u64,
    failures: Vec<String>,
}

impl Tally {
    /// Runs one game through `play`, catching panics, and records its outcome.
    pub fn run(&mut self, label: &str, seed: u64, play: impl FnOnce() -> Result<u64, String>) {
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

/// Runs `gems-cli soak`: every game's soak in turn, then the summary line.
pub fn run(args: &SoakArgs) -> Result<(), String> {
    let (games, seed) = (args.games, args.seed);
    let other = args.other_games.unwrap_or((games / 10).max(1));
    let start = Instant::now();
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for (name, n, soak) in [(
        "modern-gems",
        games,
        modern_gems::soak_modern_gems as SoakFn,
    )]
    .into_iter()
    .chain(other_games().into_iter().map(|(name, f)| (name, other, f)))
    {
        let t0 = Instant::now();
        let mut tally = soak(n, seed);
        if tally.games != n {
            tally.failures.push(format!(
                "{name}: {} games played of the {n} asked for",
                tally.games
            ));
        }
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
    vec![
        ("dots", dots::soak_dots),
        ("k-in-a-row", k_in_a_row::soak_k_in_a_row),
        ("solo-red", solo_red::soak_solo_red),
        ("grid-duel", grid_duel::soak_grid_duel),
    ]
}

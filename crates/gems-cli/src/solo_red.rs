//! `gems-cli solo-red`: the console front end of Solo Red, and `gems-cli bench solo-red`.
//!
//! The console shows the spec's text view after every change and reads one command a line:
//! `palette P C` (play hand card C to palette P), `canvas C` (play hand card C to the canvas),
//! `hint` (ask the AI) and `q` (quit). Numbers are 1-based. After a successful play to a palette
//! the hand is refilled from the deck.

use std::io::{self, BufRead, Write};

use gems_rules::solo_red::{Game, MoveError, ai};

/// Play Solo Red at the console.
///
/// Commands, one a line (numbers count from 1): `palette P C` plays hand card C to palette P,
/// `canvas C` plays hand card C to the canvas (changing the rule), `hint` asks the AI, `q`
/// quits. After a play to a palette the hand is refilled from the deck.
#[derive(Debug, clap::Args)]
pub struct SoloRedArgs {
    /// Number of palettes (at least 2).
    #[arg(long, value_name = "N", default_value_t = 4)]
    palettes: usize,
    /// Cards in a full hand (at least 1).
    #[arg(long, value_name = "N", default_value_t = 7)]
    hand: usize,
    /// Seed of the shuffle and of the hints; from the clock when not given.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Deal this deck, top card first, unshuffled, instead of a shuffled full deck: cards such
    /// as "R1 B7 O3" (colour letter, then number).
    #[arg(long, value_name = "CARDS")]
    deck: Option<String>,
}

/// Runs `gems-cli solo-red` on stdin/stdout.
pub fn run(o: &SoloRedArgs) -> Result<(), String> {
    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut game = Game::new(seed);
    match &o.deck {
        Some(d) => game.start_text(d, false, o.palettes, o.hand),
        None => game.start(&Game::all_cards(), true, o.palettes, o.hand),
    }
    .map_err(|e| format!("solo-red: cannot start: {e}"))?;
    let stdin = io::stdin();
    let stdout = io::stdout();
    play(&mut game, stdin.lock(), stdout.lock(), seed).map_err(|e| e.to_string())
}

/// Plays `game` reading commands from `input` and writing to `out`, until it ends, `q` or end of input.
pub fn play(
    game: &mut Game,
    mut input: impl BufRead,
    mut out: impl Write,
    seed: u64,
) -> io::Result<()> {
    writeln!(out, "{game}")?;
    let mut hints = 0u64;
    let mut line = String::new();
    while crate::console::read_line(&mut input, &mut line)? > 0 {
        let line = line.trim_end_matches(['\n', '\r']);
        let words: Vec<&str> = line.split_whitespace().collect();
        let nums: Vec<Option<usize>> = words.iter().skip(1).map(|w| w.parse().ok()).collect();
        match (words.as_slice(), nums.as_slice()) {
            ([], _) => continue,
            (["q" | "quit"], _) => {
                writeln!(out, "Game quit!")?;
                return out.flush();
            }
            (["palette", _, _], [Some(p), Some(c)]) if *p >= 1 && *c >= 1 => {
                match game.play_turn(p - 1, c - 1) {
                    Ok(_) => writeln!(out, "{game}")?,
                    Err(e) => writeln!(out, "Invalid move: {}. Try again.", explain(&e))?,
                }
            }
            (["canvas", _], [Some(c)]) if *c >= 1 => match game.play_to_canvas(c - 1) {
                Ok(()) => writeln!(out, "{game}")?,
                Err(e) => writeln!(out, "Invalid move: {}. Try again.", explain(&e))?,
            },
            (["hint"], _) => {
                hints += 1;
                match ai::hint(game, seed.wrapping_add(hints), ai::HINT_BUDGET) {
                    Some(m) => writeln!(out, "Hint: {}", m.describe(game))?,
                    None => writeln!(out, "Hint: no play keeps a palette winning.")?,
                }
            }
            _ => writeln!(
                out,
                "Unknown command '{}'. Commands: palette P C, canvas C, hint, q (P and C count from 1).",
                line.trim()
            )?,
        }
        if game.is_over() {
            let msg = if game.is_won() {
                "Game won!"
            } else {
                "Game lost."
            };
            writeln!(out, "{msg}")?;
            return out.flush();
        }
    }
    out.flush()
}

/// A move error in the console's 1-based numbering.
fn explain(e: &MoveError) -> String {
    match e {
        MoveError::NoSuchPalette(p) => format!("there is no palette {}", p + 1),
        MoveError::NoSuchCard(c) => format!("there is no card {} in the hand", c + 1),
        MoveError::PaletteWinning(p) => {
            format!(
                "palette {} is already winning; play to a losing palette",
                p + 1
            )
        }
        other => other.to_string(),
    }
}

/// Play seeded Solo Red deals with the AI and with random legal play, and ask the solver whether
/// each deal can be won; print the win rates and the time per deal.
#[derive(Debug, clap::Args)]
pub struct SoloRedBenchArgs {
    /// Number of deals (seeds 0 to N-1).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    deals: u64,
    /// The AI's rollouts per turn.
    #[arg(long, value_name = "R", default_value_t = 300)]
    rollouts: usize,
    /// The solver's node budget per deal.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    nodes: u64,
    /// Number of palettes (at least 2).
    #[arg(long, value_name = "N", default_value_t = 4)]
    palettes: usize,
    /// Cards in a full hand (at least 1).
    #[arg(long, value_name = "N", default_value_t = 7)]
    hand: usize,
}

/// Runs `gems-cli bench solo-red`: plays seeded deals with the AI, with random legal play and
/// asks the solver about each.
pub fn bench(args: &SoloRedBenchArgs) -> Result<(), String> {
    let SoloRedBenchArgs {
        deals,
        rollouts,
        nodes,
        palettes,
        hand,
    } = *args;
    let deal = |seed: u64| -> Result<Game, String> {
        let mut g = Game::new(seed);
        g.start(&Game::all_cards(), true, palettes, hand)
            .map_err(|e| format!("bench solo-red: {e}"))?;
        Ok(g)
    };
    let (mut ai_wins, mut random_wins) = (0u64, 0u64);
    let (mut winnable, mut unwinnable, mut unknown) = (0u64, 0u64, 0u64);
    let (mut t_ai, mut t_random, mut t_solver) = (0f64, 0f64, 0f64);
    for seed in 0..deals {
        let t = std::time::Instant::now();
        if ai::play_out_ai(deal(seed)?, seed, rollouts) {
            ai_wins += 1;
        }
        t_ai += t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        if ai::play_out_random(deal(seed)?, seed) {
            random_wins += 1;
        }
        t_random += t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        match ai::solve(&deal(seed)?, nodes).0 {
            ai::Verdict::Winnable => winnable += 1,
            ai::Verdict::Unwinnable => unwinnable += 1,
            ai::Verdict::Unknown => unknown += 1,
        }
        t_solver += t.elapsed().as_secs_f64();
    }
    let pct = |n: u64| 100.0 * n as f64 / deals.max(1) as f64;
    println!(
        "Solo Red benchmark: {deals} seeded deals (seeds 0..{deals}), {palettes} palettes, hand of {hand}"
    );
    println!(
        "  AI (hint, {rollouts} rollouts/turn, no peeking): {ai_wins:>5} won  {:>5.1}%   {:.2} ms/deal",
        pct(ai_wins),
        1000.0 * t_ai / deals.max(1) as f64
    );
    println!(
        "  random legal play:                      {random_wins:>5} won  {:>5.1}%   {:.3} ms/deal",
        pct(random_wins),
        1000.0 * t_random / deals.max(1) as f64
    );
    println!(
        "  solver (full deck order, {nodes} nodes): {winnable:>5} winnable {:>5.1}%, {unwinnable} unwinnable, {unknown} undecided   {:.2} ms/deal",
        pct(winnable),
        1000.0 * t_solver / deals.max(1) as f64
    );
    if winnable > 0 {
        println!(
            "  AI wins / winnable deals: {:.1}%",
            100.0 * ai_wins as f64 / winnable as f64
        );
    }
    Ok(())
}

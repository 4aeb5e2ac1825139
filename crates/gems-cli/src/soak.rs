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
use gems_rules::{dots, grid_duel, k_in_a_row, solo_red};

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
    vec![
        ("dots", soak_dots),
        ("k-in-a-row", soak_k_in_a_row),
        ("solo-red", soak_solo_red),
        ("grid-duel", soak_grid_duel),
    ]
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

/// Dots: greedy, planner and random players on random sizes, colour counts and move limits;
/// after every move the removal, gravity and refill are replayed and checked against the board.
fn soak_dots(games: u64, seed: u64) -> Tally {
    use dots::{Game, Planner, PlayerKind, candidate_moves};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(5_000_011).wrapping_add(i);
        tally.run(&format!("dots #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let size = dots::MIN_SIZE + rng.below(dots::MAX_SIZE - dots::MIN_SIZE + 1);
            let colors = dots::MIN_COLORS
                + rng.below(usize::from(dots::MAX_COLORS - dots::MIN_COLORS) + 1) as u8;
            let moves = 1 + rng.below(40) as u32;
            let mut game = Game::new(size, colors, moves, game_seed).map_err(|e| e.to_string())?;
            let kind = rng.below(3);
            let mut player = match kind {
                0 => Some(PlayerKind::Greedy),
                1 => Some(PlayerKind::Planner(Box::new(Planner::with_effort(
                    game_seed, 4, 6,
                )))),
                _ => None,
            };
            let mut played = 0u64;
            while !game.is_over() {
                let before = game.board().clone();
                let (selection, claimed) = match &mut player {
                    Some(p) => p
                        .choose(&game)
                        .ok_or("the AI found no move in a live game")?,
                    None => {
                        let all = candidate_moves(&before);
                        if all.is_empty() {
                            return Err("a live game has no candidate move".into());
                        }
                        all[rng.below(all.len())].clone()
                    }
                };
                if before.removal_count(&selection) != claimed {
                    return Err(format!("the AI claimed {claimed} dots for {selection:?}"));
                }
                let (score, left) = (game.score(), game.moves_left());
                let outcome = game
                    .play(&selection)
                    .map_err(|e| format!("legal move refused: {e}"))?;
                check_dots_move(&before, &outcome, game.board())?;
                if outcome.removed.len() != claimed
                    || game.score() != score + claimed as u64
                    || game.moves_left() + 1 != left
                {
                    return Err("score, moves left or removal count are off".into());
                }
                played += 1;
            }
            if game.moves_left() > 0 && game.can_make_move() {
                return Err("the game ended with moves left and a move possible".into());
            }
            Ok(played)
        });
    }
    tally
}

/// Replays one Dots removal: the survivors fall straight down in order, the refill fills
/// exactly the holes with valid colours, a closed shape took every dot of its colour.
fn check_dots_move(
    before: &dots::Board,
    outcome: &dots::Outcome,
    after: &dots::Board,
) -> Result<(), String> {
    use std::collections::BTreeMap;
    let mut replay: BTreeMap<dots::Point, u8> =
        before.points().map(|p| (p, before.get(p))).collect();
    for p in &outcome.removed {
        if before.get(*p) != outcome.color {
            return Err(format!("removed {p} is not of the selection's colour"));
        }
        replay
            .remove(p)
            .ok_or_else(|| format!("removed {p} twice"))?;
    }
    if outcome.closed && before.count(outcome.color) != outcome.removed.len() {
        return Err("a closed shape left dots of its colour".into());
    }
    let moved: Vec<_> = outcome
        .falls
        .iter()
        .map(|f| (f, replay.remove(&f.from)))
        .collect();
    for (f, colour) in moved {
        if f.from.x != f.to.x || f.to.y <= f.from.y {
            return Err(format!("a dot fell from {} to {}", f.from, f.to));
        }
        let colour = colour.ok_or_else(|| format!("a fall moves a missing dot from {}", f.from))?;
        if replay.insert(f.to, colour).is_some() {
            return Err(format!("two dots fell to {}", f.to));
        }
    }
    if outcome.refills.len() != outcome.removed.len() {
        return Err("refills do not match the removed count".into());
    }
    for (p, c) in &outcome.refills {
        if !(1..=before.colors()).contains(c) || replay.insert(*p, *c).is_some() {
            return Err(format!("bad refill {c} at {p}"));
        }
    }
    let now: BTreeMap<dots::Point, u8> = after.points().map(|p| (p, after.get(p))).collect();
    if replay != now || now.len() != after.size() * after.size() {
        return Err("the board is not the replayed removal, fall and refill".into());
    }
    Ok(())
}

/// K in a row: random sizes, k and unavailable squares; the engine at random qualities (or
/// perfect on boards up to 4×4) against random moves or itself. After every move the status,
/// tile counts, winning line and board-file round trip are checked; a perfect side never loses.
fn soak_k_in_a_row(games: u64, seed: u64) -> Tally {
    use k_in_a_row::{
        Board, Cell, Engine, Game, Limits, Outcome, Side, Status, Strength, board_file_text,
        parse_board_file,
    };
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(3_000_017).wrapping_add(i);
        tally.run(&format!("k-in-a-row #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let size = 3 + rng.below(4);
            let k = 3 + rng.below(size - 2).min(2);
            let mut board = Board::new(size, k).map_err(|e| e.to_string())?;
            for _ in 0..rng.below(size + 1) {
                board.set(rng.below(size), rng.below(size), Cell::Unavailable);
            }
            let first = if rng.below(2) == 0 {
                Side::Human
            } else {
                Side::Computer
            };
            let mut game = Game::new(board, first);
            // Each side: None plays random moves, Some(strength) the engine.
            let strength = |rng: &mut FastRng| {
                if size <= 4 && rng.below(3) == 0 {
                    Some(Strength::Perfect)
                } else if rng.below(3) == 0 {
                    None
                } else {
                    Some(Strength::Quality(1 + rng.below(4) as u32))
                }
            };
            let players = [strength(&mut rng), strength(&mut rng)];
            let mut engine = Engine::new();
            let limits = Limits::default();
            let mut moves = 0u64;
            let mut floor = [None, None];
            while game.status() == Status::InProgress {
                let side = game.to_move();
                let legal = game.legal_moves();
                if players[side.index()] == Some(Strength::Perfect) && floor[side.index()].is_none()
                {
                    let a = engine.solve(game.board(), side, &limits);
                    if !a.proven {
                        return Err("an unlimited solve of a small board was not proven".into());
                    }
                    floor[side.index()] = a.outcome;
                }
                let (r, c) = match players[side.index()] {
                    Some(st) => engine
                        .best_move(game.board(), side, st, &limits)
                        .best
                        .ok_or("the engine found no move in a live game")?,
                    None => legal[rng.below(legal.len())],
                };
                if !legal.contains(&(r, c)) {
                    return Err(format!("the engine chose ({r},{c}), not a legal move"));
                }
                let status = game.play(r, c).map_err(|e| e.to_string())?;
                let b = game.board();
                if status != Status::of(b)
                    || b.count(Side::Human).abs_diff(b.count(Side::Computer)) > 1
                {
                    return Err("status or tile counts are off".into());
                }
                for s in [Side::Human, Side::Computer] {
                    if b.wins(s) != b.winning_line(s).is_some_and(|l| l.len() >= b.k()) {
                        return Err("wins and the winning line disagree".into());
                    }
                }
                let file =
                    parse_board_file(&board_file_text(b, 3), true).map_err(|e| e.to_string())?;
                if file.board != *b || b.state_string().chars().count() != size * size {
                    return Err("the board does not survive its file text".into());
                }
                moves += 1;
            }
            // A perfect side keeps the value of the position at its first turn: it never
            // loses a position it can draw, and always wins one it can win.
            for side in [Side::Human, Side::Computer] {
                match (floor[side.index()], game.status()) {
                    (Some(Outcome::Win), st) if st != Status::Won(side) => {
                        return Err(format!("a perfect {side:?} let a proven win go: {st:?}"));
                    }
                    (Some(Outcome::Draw), Status::Won(w)) if w != side => {
                        return Err(format!("a perfect {side:?} lost a proven draw"));
                    }
                    _ => {}
                }
            }
            Ok(moves)
        });
    }
    tally
}

/// Solo Red: random palette counts and hand sizes, the hint AI or random legal moves; after
/// every turn no card is lost or duplicated, a winning play leaves that palette winning, a
/// losing play ends the game, and the view is well formed. Every tenth deal is also solved
/// (knowing the deck) and a claimed winning line must win when replayed.
fn soak_solo_red(games: u64, seed: u64) -> Tally {
    use rand::SeedableRng;
    use solo_red::ai::{self, Verdict};
    use solo_red::{Game, PlayResult};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(9_000_011).wrapping_add(i);
        tally.run(&format!("solo-red #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let palettes = 2 + rng.below(4);
            let hand = 1 + rng.below(8);
            let mut game = Game::new(game_seed);
            game.start(&Game::all_cards(), true, palettes, hand)
                .map_err(|e| e.to_string())?;
            let total = Game::all_cards().len();
            if i % 10 == 0 {
                let (verdict, line) = ai::solve(&game, 20_000);
                if verdict == Verdict::Winnable {
                    let mut replay = game.clone();
                    for m in &line {
                        m.apply(&mut replay)
                            .ok_or("the solver's line has an illegal move")?;
                    }
                    if !replay.is_won() {
                        return Err("the solver's winning line does not win".into());
                    }
                }
            }
            let use_ai = rng.below(2) == 0;
            let mut chacha = rand_chacha::ChaCha8Rng::seed_from_u64(game_seed);
            let mut canvas_plays = 0usize;
            let mut turns = 0u64;
            while !game.is_over() {
                let m = if use_ai {
                    ai::hint(&game, game_seed.wrapping_add(turns), 8)
                        .or_else(|| ai::any_move(&game))
                } else {
                    ai::random_legal_move(&game, &mut chacha)
                }
                .ok_or("no move in a game that is not over")?;
                canvas_plays += usize::from(m.canvas.is_some());
                let before = game.clone();
                let result = m.apply(&mut game).ok_or_else(|| {
                    format!(
                        "the {} chose an illegal move {m:?} (hand size {hand}):\n{before}",
                        if use_ai { "hint AI" } else { "random player" }
                    )
                })?;
                match result {
                    PlayResult::Winning if game.winning_palette() != Some(m.palette) => {
                        return Err("a winning play left its palette losing".into());
                    }
                    PlayResult::Lost if !game.is_over() || game.is_won() => {
                        return Err("a losing play did not end the game".into());
                    }
                    _ => {}
                }
                let mut seen: Vec<_> = game
                    .palettes()
                    .iter()
                    .flatten()
                    .chain(game.hand())
                    .copied()
                    .chain(game.deck_cards())
                    .collect();
                let held = seen.len();
                seen.sort_by_key(|c| c.index());
                seen.dedup();
                if seen.len() != held || held + canvas_plays != total {
                    return Err(format!(
                        "{held} cards held + {canvas_plays} on the canvas ≠ {total}"
                    ));
                }
                if game.hand().len() > hand {
                    return Err("the hand is over its size".into());
                }
                let view = game.to_string();
                if view.ends_with('\n') || view.lines().filter(|l| l.starts_with('>')).count() > 1 {
                    return Err(format!("malformed view:\n{view}"));
                }
                turns += 1;
                if turns > 1000 {
                    return Err("the game does not end".into());
                }
            }
            Ok(turns)
        });
    }
    tally
}

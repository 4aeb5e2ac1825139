//! `gems-cli bench …`: speed and strength benchmarks that print their figures.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gems_rules::cancel::Cancel;
use gems_rules::gems::bits::{BitBoard, time_playouts};
use gems_rules::gems::fast::{FastBoard, FastRng, Scratch};
use gems_rules::gems::nrpa::{Nrpa, kept_colour};
use gems_rules::gems::{
    Board, Budget, Computer, ExpertSearch, Game, Line, LineFile, Player, RemovalPolicy, Tuning,
    cores, parse_board_set, to_bit_line,
};

mod tuning;
use tuning::{parse_tuning, tuning};

/// The 20 standard SameGame positions (first line = top row).
const STANDARD: [&str; 20] = [
    include_str!("../../../assets/boards/standard-1.board"),
    include_str!("../../../assets/boards/standard-2.board"),
    include_str!("../../../assets/boards/standard-3.board"),
    include_str!("../../../assets/boards/standard-4.board"),
    include_str!("../../../assets/boards/standard-5.board"),
    include_str!("../../../assets/boards/standard-6.board"),
    include_str!("../../../assets/boards/standard-7.board"),
    include_str!("../../../assets/boards/standard-8.board"),
    include_str!("../../../assets/boards/standard-9.board"),
    include_str!("../../../assets/boards/standard-10.board"),
    include_str!("../../../assets/boards/standard-11.board"),
    include_str!("../../../assets/boards/standard-12.board"),
    include_str!("../../../assets/boards/standard-13.board"),
    include_str!("../../../assets/boards/standard-14.board"),
    include_str!("../../../assets/boards/standard-15.board"),
    include_str!("../../../assets/boards/standard-16.board"),
    include_str!("../../../assets/boards/standard-17.board"),
    include_str!("../../../assets/boards/standard-18.board"),
    include_str!("../../../assets/boards/standard-19.board"),
    include_str!("../../../assets/boards/standard-20.board"),
];

/// The benchmarks. Each one's help is the doc comment of its options' type.
#[derive(Debug, clap::Subcommand)]
pub enum BenchCommand {
    Playouts(PlayoutsArgs),
    Samegame(SamegameArgs),
    #[command(name = "k-in-a-row")]
    KInARow(crate::k_in_a_row::KInARowBenchArgs),
    SoloRed(crate::solo_red::SoloRedBenchArgs),
}

/// The positions a SameGame benchmark plays, and their rules.
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// Play the boards of this board-set file instead of the 20 standard positions.
    #[arg(long, value_name = "FILE")]
    boards: Option<PathBuf>,
    /// The removal policy: classic, chained, single, adjacent or wholerowcol (or the spec's
    /// names).
    #[arg(long, value_name = "P", default_value = "classic", value_parser = policy)]
    policy: RemovalPolicy,
}

/// Random (TabuColorRandom) playouts per second on one core, from each position's start.
///
/// Uses the bitboard engine, or the byte engine for boards too large for it; policies whose
/// groups do not partition the board are measured with the classic policy.
#[derive(Debug, clap::Args)]
pub struct PlayoutsArgs {
    /// The time to spend over all the boards, in seconds.
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = crate::values::seconds)]
    seconds: f64,
    /// The positions and their rules.
    #[command(flatten)]
    positions: PositionArgs,
}

/// Play each position with an AI player and print each score, the gems left and the total.
///
/// The Expert plays by default, with the classic rules and 60 seconds per board.
#[derive(Debug, clap::Args)]
pub struct SamegameArgs {
    /// The Expert's time per board, in seconds.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 60.0,
        value_parser = crate::values::seconds
    )]
    seconds_per_board: f64,
    /// The positions and their rules.
    #[command(flatten)]
    positions: PositionArgs,
    /// The AI player: expert, greedy or lookahead1 (or the spec's names).
    #[arg(long, value_name = "NAME", default_value = "expert", value_parser = ai_player)]
    player: Player,
    /// Give the Expert N search nodes per board on one lane instead of a time: the same result
    /// on any machine and under any load, for comparing its parts.
    #[arg(long, value_name = "N", value_parser = crate::values::positive::<u64>)]
    nodes: Option<u64>,
    /// Write each board's best line as DIR/NAME.line (replay it with the game's --replay).
    #[arg(long, value_name = "DIR")]
    save_lines: Option<PathBuf>,
    /// Change parts of the Expert's tuning for the budget, or switch them off: comma-separated
    /// KEY=VALUE among choices=N, playouts=N, lone=on|off, release=N, inherit=on|off,
    /// probes=on|off, beams=N, seed=N (another sample of the same search: every random draw of
    /// the probes, beams and NRPA comes from it, 0 when not given), probe_width=N,
    /// probe_share=N (percent of the budget), pairs=N, hold=on|off, probe_floor=N (percent of
    /// the most common colour's gems below which a colour is not probed), nrpa=on|off (NRPA
    /// on every thread instead of the beams; on by default from 20 s), refine=N (percent of
    /// the time at the end each thread refines its best line by NRPA; 0: none), refine_adapts=N
    /// (the refining policy's first adaptations towards the line), refine_cut=N (the most of
    /// the line's first moves, in percent, a refining search keeps as they are; 0: none),
    /// refine_stabilize=N (the refining's playouts per level-1 adaptation), refine_rounds=N
    /// (its adaptations per level-1 search), refine_bias=N (the refining's prior on a move,
    /// its group's size to the power N/100; 0: none), refine_alpha=N (the refining's gradient
    /// step in hundredths; 100 by default), refine_lines=N (how many of a thread's lines it
    /// refines, each for its share of the time; 1 by default), refine_release=N (the
    /// refining's playouts play every colour alike from N gems; 72 by default),
    /// refine_restart=N (the refining's searches between fresh starts of its policy; 0:
    /// never), refine_codes=N (1: the refining's NRPA codes a move by a hash of its group's
    /// cells; 0, the default: by the cell its group starts at), refine_each=N (with
    /// refine_lines above 1, the percent of the refining's time each line gets, the best line
    /// so far refined for the rest; 0: equal shares),
    /// refine_join=N (at N percent of the refining's time a thread behind the threads' best
    /// line refines that one instead; 0, the default: never),
    /// probe_clear=N
    /// (points a probe whose line clears the board ranks its target up by), other_pairs=N
    /// (what a pair of neighbouring gems of another colour than the target is worth in the
    /// playouts' choice, in 64ths of a lone gem), target_lone=N (what a lone gem of the
    /// target colour costs there, in the same 64ths), near_lone=N (what a lone gem of another
    /// colour with a gem of its colour diagonally next to it costs there, in the same 64ths;
    /// 64: as much as a lone gem), race=N (when the second-best probe is within N percent of
    /// the best, the second thread's first beam takes its target, and every later beam the
    /// target whose beams found the best line; 0, the default: every beam on the best-probed
    /// target).
    #[arg(long, value_name = "SPEC", value_parser = tuning)]
    tuning: Option<String>,
    /// Search on N threads instead of one per core (1: the browser's AI worker's single lane,
    /// for comparing the two).
    #[arg(long, value_name = "N", value_parser = crate::values::positive::<usize>)]
    lanes: Option<usize>,
    /// An experiment instead of the Expert: Nested Rollout Policy Adaptation at level L
    /// (searches from a fresh policy one after the other until the time is up, one per lane,
    /// the best line of all kept).
    #[arg(long, value_name = "L", value_parser = crate::values::positive::<u32>)]
    nrpa: Option<u32>,
    /// With --nrpa: searches of the level below per level (100 in the literature).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = crate::values::positive::<u32>)]
    nrpa_iterations: u32,
    /// With --nrpa: NRPA on N of the lanes, the Expert on the others at the same time (the
    /// better line counts); all of them by default.
    #[arg(long, value_name = "N", value_parser = crate::values::positive::<usize>)]
    nrpa_lanes: Option<usize>,
    /// With --nrpa: the percent of the time spent probing which colour to keep for last (0:
    /// the most common).
    #[arg(long, value_name = "PERCENT", default_value_t = 0)]
    nrpa_probes: u32,
    /// With --nrpa: playouts per adaptation at level 1 (Stabilized NRPA; 1: plain NRPA).
    #[arg(long, value_name = "P", default_value_t = 1, value_parser = crate::values::positive::<u32>)]
    nrpa_stabilize: u32,
    /// An experiment instead of the Expert: compare two ways of refining a line. On each
    /// board the Expert's beams search (refine=0) for their share of the time, then its line
    /// is refined on two threads at once for the rest, by the --tuning's refining and by this
    /// spec's changes to it (the same KEY=VALUE list): each one's gain is printed.
    #[arg(long, value_name = "SPEC", value_parser = tuning)]
    refine_ab: Option<String>,
}

/// What the SameGame benchmark plays, and how.
struct Options {
    boards: Vec<Board>,
    /// Each board's name (`standard-N`, or the board-set file's stem and the board's number).
    names: Vec<String>,
    seconds: f64,
    player: Player,
    policy: RemovalPolicy,
    /// The `--tuning` changes to the Expert's parts (some switched off to measure what they
    /// add), made to the Expert's tuning for the budget.
    tuning: String,
    /// Where to write each board's best line.
    save_lines: Option<PathBuf>,
    /// `--nodes N`: the Expert searches N nodes per board on one lane instead of a time
    /// (the same result on any machine and under any load: for comparing its parts).
    nodes: Option<u64>,
    /// `--lanes N`: threads to search on (else one per core).
    lanes: Option<usize>,
    /// `--nrpa L`: NRPA at level L instead of the Expert (on some lanes, or all).
    nrpa: Option<NrpaArgs>,
    /// `--refine-ab SPEC`: the refining by `tuning` against the refining by SPEC's changes.
    refine_ab: Option<String>,
}

/// `--nrpa`'s experiment: NRPA's level, its searches per level, and the lanes it takes.
#[derive(Clone, Copy)]
struct NrpaArgs {
    level: u32,
    iterations: u32,
    lanes: Option<usize>,
    probes: u32,
    stabilize: u32,
}

/// A removal policy named on the command line (`--policy`).
fn policy(name: &str) -> Result<RemovalPolicy, String> {
    RemovalPolicy::from_name(name).ok_or_else(|| format!("unknown policy '{name}'"))
}

/// An automatic player named on the command line (`--player`); a human is refused.
fn ai_player(name: &str) -> Result<Player, String> {
    Player::from_name(name)
        .filter(|p| !p.is_human())
        .ok_or_else(|| format!("unknown AI player '{name}'"))
}

/// The positions to play, with their names: the board-set file's, or the standard ones.
fn positions(boards: Option<&Path>) -> Result<(Vec<Board>, Vec<String>), String> {
    let Some(path) = boards else {
        let boards = STANDARD
            .iter()
            .map(|s| Board::from_save_string(s).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let names = (1..=STANDARD.len())
            .map(|i| format!("standard-{i}"))
            .collect();
        return Ok((boards, names));
    };
    let file = path.display();
    let text = gems_rules::storage::read_text_bounded(path, 64 << 20)
        .map_err(|e| format!("{file}: {e}"))?;
    let boards = parse_board_set(&text).map_err(|e| format!("{file}: {e}"))?;
    let stem = path
        .file_stem()
        .map_or("board".into(), |s| s.to_string_lossy().into_owned());
    let names = (1..=boards.len()).map(|i| format!("{stem}-{i}")).collect();
    Ok((boards, names))
}

/// Runs `gems-cli bench WHAT`.
pub fn run(command: BenchCommand) -> Result<(), String> {
    match command {
        BenchCommand::Playouts(args) => {
            let (boards, _) = positions(args.positions.boards.as_deref())?;
            playouts(&boards, args.seconds, args.positions.policy)
        }
        BenchCommand::Samegame(args) => {
            let (boards, names) = positions(args.positions.boards.as_deref())?;
            samegame(&Options {
                boards,
                names,
                seconds: args.seconds_per_board,
                player: args.player,
                policy: args.positions.policy,
                tuning: args.tuning.unwrap_or_default(),
                save_lines: args.save_lines,
                nodes: args.nodes,
                lanes: args.lanes,
                nrpa: args.nrpa.map(|level| NrpaArgs {
                    level,
                    iterations: args.nrpa_iterations,
                    lanes: args.nrpa_lanes,
                    probes: args.nrpa_probes,
                    stabilize: args.nrpa_stabilize,
                }),
                refine_ab: args.refine_ab,
            })
        }
        BenchCommand::KInARow(args) => crate::k_in_a_row::bench(&args),
        BenchCommand::SoloRed(args) => crate::solo_red::bench(&args),
    }
}

/// Random (TabuColorRandom) playouts per second on one core, from the start of each of
/// `boards` for `seconds` in all, on the bitboard engine (the byte engine for boards too large
/// for it), under `policy` (the classic one when its groups do not partition the board).
fn playouts(boards: &[Board], seconds: f64, policy: RemovalPolicy) -> Result<(), String> {
    let policy = if policy.groups_partition_board() {
        policy
    } else {
        RemovalPolicy::Classic
    };
    let per_board = Duration::from_secs_f64(seconds / boards.len() as f64);
    let mut scratch = Scratch::default();
    let mut rng = FastRng::new(2026);
    let (mut total, mut elapsed) = (0u64, Duration::ZERO);
    let mut engines = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let bits = BitBoard::from_board(board, policy).ok().map(|(b, _)| b);
        let bytes = FastBoard::from_board(board, policy).ok_or("no engine plays this board")?;
        let mut work = bytes.clone();
        let t = match bits {
            Some(start) => start.time_playouts(per_board, &mut rng),
            None => time_playouts(per_board, || {
                work.clone_from(&bytes);
                work.playout(&mut rng, &mut scratch, None)
            }),
        };
        let (n, dt, sum, best) = (t.playouts, t.elapsed, t.sum, t.best);
        let engine = if bits.is_some() { "bitboard" } else { "bytes" };
        if !engines.contains(&engine) {
            engines.push(engine);
        }
        println!(
            "board {:>2}: {:>9.0} playouts/s, mean score {:>6.0}, best {best}",
            i + 1,
            n as f64 / dt.as_secs_f64(),
            sum as f64 / n as f64
        );
        total += n;
        elapsed += dt;
    }
    println!(
        "total: {total} playouts in {:.1} s = {:.0} playouts/s on one core ({} policy, {} engine)",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        policy.short_name(),
        engines.join(" and ")
    );
    Ok(())
}

/// `--nrpa`: NRPA's best line on its lanes and, on the others at the same time, the
/// Expert's (`expert` makes it, only when it has lanes); the better of the two. Prints the playouts and who found the line.
fn nrpa_and_expert(
    board: &Board,
    o: &Options,
    expert: impl FnOnce() -> ExpertSearch + Send,
    lanes: usize,
    seed: u64,
) -> Result<Line, String> {
    let args = o.nrpa.ok_or("no --nrpa")?;
    let settings = Nrpa {
        iterations: args.iterations,
        probe_share: f64::from(args.probes.min(100)) / 100.0,
        stabilize: args.stabilize,
        ..Nrpa::default()
    };
    let nrpa_lanes = args.lanes.unwrap_or(lanes).min(lanes);
    let (bits, _) = BitBoard::from_board(board, o.policy)
        .map_err(|e| format!("NRPA runs on the bitboard engine only: {e:?}"))?;
    let deadline = Instant::now() + Duration::from_secs_f64(o.seconds);
    let ((best, playouts), beams) = std::thread::scope(|s| {
        let beams = (nrpa_lanes < lanes).then(|| s.spawn(move || expert().run(lanes - nrpa_lanes)));
        let never = Cancel::never();
        let until = (deadline, &never);
        let found = settings.search_on_threads(&bits, args.level, nrpa_lanes, until, seed);
        (found, beams.and_then(|h| h.join().ok()))
    });
    // A move's (column, height) names the same cell as the rules' on the position it is played
    // on (both close emptied columns alike); the line is replayed by the caller.
    let nrpa = Line {
        moves: best
            .moves
            .iter()
            .map(|m| bits.cell_of(m.cell().0, m.cell().1))
            .collect(),
        score: u64::from(best.score),
    };
    let beams = beams.unwrap_or_default();
    println!(
        "  NRPA: {} ({playouts} playouts on {nrpa_lanes} lanes); the Expert: {} ({} lanes)",
        nrpa.score,
        beams.score,
        lanes - nrpa_lanes
    );
    Ok(if beams.score > nrpa.score {
        beams
    } else {
        nrpa
    })
}

/// `--refine-ab SPEC`: the beams' line on `board` (the Expert with `tuning` but no refining,
/// for the time `tuning` leaves the beams), refined for the rest of `o.seconds` on two threads
/// at once from the same seed, by `tuning`'s refining and by `other`'s; prints both gains and
/// returns them with the beams' score.
fn refine_ab(
    board: &Board,
    o: &Options,
    (tuning, other): (Tuning, Tuning),
    seed: u64,
) -> Result<(u32, u32, u32), String> {
    let (bits, _) = BitBoard::from_board(board, o.policy)
        .map_err(|e| format!("the refining runs on the bitboard engine only: {e:?}"))?;
    let refine = f64::from(tuning.refine.min(100)) / 100.0;
    let beams = Tuning {
        refine: 0,
        ..tuning
    };
    let budget = Budget::Time(Duration::from_secs_f64(o.seconds * (1.0 - refine)));
    let line = ExpertSearch::tuned(board, o.policy, budget, None, beams).run(cores());
    let (score, moves) = to_bit_line(&bits, &line);
    let tabu = kept_colour(&bits, &moves);
    let deadline = Instant::now() + Duration::from_secs_f64(o.seconds * refine);
    let never = Cancel::never();
    let refined = |t: Tuning| {
        let found = t
            .refiner()
            .refine(&bits, &moves, tabu, 2, (deadline, &never), seed);
        found.0.score
    };
    let (a, b) = std::thread::scope(|s| {
        let b = s.spawn(|| refined(other));
        (refined(tuning), b.join().unwrap_or(0))
    });
    println!(
        "  beams {score}; refined: {a} (+{}), {b} (+{})",
        a - score,
        b - score
    );
    Ok((score, a, b))
}

/// `--refine-ab`'s run: [`refine_ab`] on every board; prints each refining's total gain.
fn refine_ab_all(o: &Options, tuning: Tuning, spec: &str) -> Result<(), String> {
    let other = parse_tuning(spec, tuning).map_err(|e| format!("--refine-ab: {e}"))?;
    let (mut beams, mut a, mut b) = (0, 0, 0);
    for (i, board) in o.boards.iter().enumerate() {
        println!("board {:>2}:", i + 1);
        let (s, x, y) = refine_ab(board, o, (tuning, other), tuning.seed ^ i as u64)?;
        (beams, a, b) = (beams + s, a + x - s, b + y - s);
    }
    println!("total: beams {beams}; --tuning's refining +{a}, --refine-ab's +{b}");
    Ok(())
}

/// The gems left on `board` after `moves`.
fn gems_left(board: &Board, policy: RemovalPolicy, moves: &[gems_rules::gems::Cell]) -> usize {
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    for &cell in moves {
        if game.play(cell).is_err() {
            break;
        }
    }
    game.board().gem_count()
}

/// Plays every position with the player; prints each score and the total (and with
/// `--save-lines DIR`, writes each board's line as `DIR/NAME.line`).
fn samegame(o: &Options) -> Result<(), String> {
    let label = o.nodes.map_or_else(
        || match o.lanes {
            Some(n) => format!("{} s per board on {n} lanes", o.seconds),
            None => format!("{} s per board", o.seconds),
        },
        |n| format!("{n} nodes per board on one lane"),
    );
    println!(
        "samegame benchmark: {} boards, player {}, policy {}, {label}",
        o.boards.len(),
        o.player.name(),
        o.policy.name(),
    );
    let budget = o.nodes.map_or_else(
        || Budget::Time(Duration::from_secs_f64(o.seconds)),
        Budget::Nodes,
    );
    let tuning = parse_tuning(&o.tuning, Tuning::for_budget(budget))
        .map_err(|e| format!("--tuning: {e}"))?;
    if o.player == Player::Expert {
        println!("tuning: {tuning:?}");
    }
    if let Some(spec) = &o.refine_ab {
        return refine_ab_all(o, tuning, spec);
    }
    if let Some(dir) = &o.save_lines {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let (mut total, mut cleared) = (0, 0);
    for (i, board) in o.boards.iter().enumerate() {
        let t = Instant::now();
        let line = match o.player {
            Player::Expert if o.nrpa.is_some() => {
                let lanes = o.lanes.unwrap_or_else(cores);
                let seed = tuning.seed ^ i as u64;
                // The side-by-side Expert is the beams (refining their lines at the end as
                // the Expert's do), whatever the budget.
                let beams = Tuning {
                    nrpa: false,
                    ..tuning
                };
                let expert = || ExpertSearch::tuned(board, o.policy, budget, None, beams);
                nrpa_and_expert(board, o, expert, lanes, seed)?
            }
            Player::Expert => {
                let lanes = o.lanes.unwrap_or_else(cores);
                ExpertSearch::tuned(board, o.policy, budget, None, tuning).run(lanes)
            }
            player => {
                let mut game = Game::new(board.clone(), o.policy, player);
                let mut computer = Computer::default();
                let mut moves = Vec::new();
                while let Some(outcome) = computer.play(&mut game) {
                    moves.push(outcome.cell);
                }
                Line {
                    moves,
                    score: game.score(),
                }
            }
        };
        let secs = t.elapsed().as_secs_f64();
        total += line.score;
        let left = gems_left(board, o.policy, &line.moves);
        cleared += usize::from(left == 0);
        println!(
            "board {:>2}: {:>6}  ({secs:.1} s, {left} gems left)",
            i + 1,
            line.score
        );
        if let Some(dir) = &o.save_lines {
            let file = LineFile::new(&o.names[i], board, o.policy, line.moves)
                .map_err(|e| format!("board {}: the line does not replay: {e}", i + 1))?;
            let path = dir.join(format!("{}.line", o.names[i]));
            gems_rules::storage::atomic_write(&path, file.to_text().as_bytes())
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    println!(
        "total: {total} ({cleared} of {} boards cleared)",
        o.boards.len()
    );
    Ok(())
}

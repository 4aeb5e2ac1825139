//! The Expert's search on boards the bitboard engine takes: Monte-Carlo beams
//! ([`Beam`](crate::gems::beam::Beam)), each keeping one *target* colour for last.
//!
//! 1. **Probe.** A beam for every colour (most gems first; 48 wide within 30% of the budget,
//!    or 12 wide within 15% for short searches: [`Tuning::for_budget`]) finds which target
//!    promises most on this board (the most common colour is often, not always, the best
//!    one). Wide probes were measured ahead at 2 s per board and level at 5 s (the AI doc).
//! 2. **Main.** Each lane (a core, or the page's only thread) plays beams on the best target
//!    one after the other, each with its own random choices and its share of the time left
//!    ([`Tuning::beams`]). Several independent beams find better lines than one beam as wide
//!    as all of them.
//!
//! On threads (a time budget on the desktop), each thread takes the next colour to probe
//! while any is left, then starts its beams at once; a beam's width follows the seconds per
//! unit of width measured on this board (the lane's last beam, else the target's probe, else
//! the finished probes' average), so the beams end close to the deadline. A single lane (a node budget, the browser's time
//! slices) probes every colour, then sizes its beams from the probes' playouts.
//!
//! Every beam starts cold (from the start position, knowing no line), and the portfolio
//! keeps the best line of all, the best known when the search began included, so the answer
//! never gets worse and stopping at any moment loses nothing.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::{sync::Mutex, time::Instant};

use super::{Budget, Clock};
use crate::gems::beam::{Beam, BeamConfig, BitMove};
use crate::gems::bits::{BitBoard, Rollout};

/// The narrowest main beam (a single lane starts none narrower in the playouts left; on
/// threads, a beam started in less time than that is cut at the deadline).
const MIN_WIDTH: usize = 12;
/// The widest beam.
const MAX_WIDTH: usize = 1 << 16;
/// Playouts a beam plays between two looks at the clock.
const CHUNK: u64 = 128;

/// The parts of the Expert's beams, each of which can be switched off to measure what it adds
/// (`gems-cli bench samegame --tuning …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Moves drawn per playout move; the one leaving the fewest lone gems is played (1: the
    /// first drawn, plain TabuColorRandom).
    pub choices: u32,
    /// Whether playouts put off moves that leave a colour with a single gem.
    pub avoid_lone: bool,
    /// Playouts play every colour alike once this many gems are left (0: never).
    pub release: u32,
    /// Whether a child on its parent's best known game inherits it.
    pub inherit: bool,
    /// Whether every colour is probed as the target (else only the most common one is kept for
    /// last).
    pub probes: bool,
    /// Playouts per new position (the best one counts).
    pub playouts: u32,
    /// Beams each lane plays one after the other on the best target, each with its share of
    /// the lane's time and its own random choices (the best line of all is kept: several
    /// narrower beams find better lines than one wide one in the same time).
    pub beams: u32,
    /// Mixed into the searches' random seed: another seed is another sample of the same
    /// search (for comparing parts over several samples).
    pub seed: u64,
    /// Width of the probe beams (one per colour; the best ranks the target of the main beams).
    pub probe_width: u32,
    /// Percent of the budget the probes may take (a probe still running then is cut short,
    /// its target ranked by the best line it found).
    pub probe_share: u32,
}

impl Default for Tuning {
    /// Four moves drawn, no lone gems, every colour alike from 72 gems, inheritance, probes
    /// 48 wide within 30% of the budget, two beams per lane.
    fn default() -> Self {
        Tuning {
            choices: 4,
            avoid_lone: true,
            release: 72,
            inherit: true,
            probes: true,
            playouts: 1,
            beams: 2,
            seed: 0,
            probe_width: 48,
            probe_share: 30,
        }
    }
}

impl Tuning {
    /// The tuning for a search of `budget`: the default, whose wide probes were measured
    /// ahead at 2 s per board and level at 5 s, for searches of at least 2 s or 1,500,000
    /// nodes; shorter ones (a move, a hint, the browser's moves, and the node-budget
    /// comparisons of the AI doc) keep the probes 12 wide within 15% of the budget, as every
    /// search did before the wide probes were measured.
    pub fn for_budget(budget: Budget) -> Tuning {
        let long = match budget {
            Budget::Time(d) => d >= Duration::from_secs(2),
            Budget::Nodes(n) => n >= 1_500_000,
        };
        if long {
            Tuning::default()
        } else {
            Tuning::default().with_probes(12, 15)
        }
    }

    /// This tuning with probes `width` wide within `share` percent of the budget.
    pub fn with_probes(self, width: u32, share: u32) -> Tuning {
        Tuning {
            probe_width: width,
            probe_share: share,
            ..self
        }
    }

    /// The probes' width, within the widths a beam may have.
    fn probe_beam_width(&self) -> usize {
        (self.probe_width as usize).clamp(1, MAX_WIDTH)
    }

    /// The share of the budget the probes may take (from 0 to 1).
    pub(super) fn probe_fraction(&self) -> f64 {
        f64::from(self.probe_share.min(100)) / 100.0
    }
}

/// The configuration of a beam of `width` keeping colour `target` for last.
fn config(width: usize, target: usize, tuning: &Tuning) -> BeamConfig {
    BeamConfig {
        width,
        playouts: tuning.playouts,
        rollout: Rollout {
            target,
            release: tuning.release,
            avoid_lone: tuning.avoid_lone,
            choices: tuning.choices,
        },
        inherit: tuning.inherit,
    }
}

/// A lane's running beam, and how many beams the lane has started.
#[derive(Clone, Debug)]
struct Lane {
    beam: Beam,
    started: u64,
}

/// The bitboard search: probes, then a beam per lane.
#[derive(Clone, Debug)]
pub(super) struct Portfolio {
    start: BitBoard,
    /// The colours worth keeping for last, most gems first.
    targets: Vec<usize>,
    /// Each target probed so far: its probe's best score and the playouts it took (0 when it
    /// was cut short).
    probes: Vec<(u32, u64)>,
    /// The probe running.
    probe: Option<Beam>,
    lanes: Vec<Lane>,
    /// The best line of any beam so far.
    best: (u32, Vec<BitMove>),
    seed: u64,
    tuning: Tuning,
}

impl Portfolio {
    /// The share of the budget the probes may take.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn probe_fraction(&self) -> f64 {
        self.tuning.probe_fraction()
    }

    /// A search from `start`, starting from `known`, the best line known so far.
    pub(super) fn new(
        start: BitBoard,
        known: (u32, Vec<BitMove>),
        seed: u64,
        tuning: Tuning,
    ) -> Portfolio {
        let mut targets: Vec<usize> = (0..start.colors())
            .filter(|&c| start.count(c) >= 2)
            .collect();
        targets.sort_by_key(|&c| std::cmp::Reverse(start.count(c)));
        if targets.is_empty() {
            targets.push(0);
        }
        if !tuning.probes {
            targets.truncate(1);
        }
        Portfolio {
            start,
            targets,
            probes: Vec::new(),
            probe: None,
            lanes: Vec::new(),
            best: known,
            seed,
            tuning,
        }
    }

    /// The best line found: its score and moves.
    pub(super) fn best(&self) -> &(u32, Vec<BitMove>) {
        &self.best
    }

    /// Whether every target has been probed.
    pub(super) fn probed(&self) -> bool {
        self.probes.len() >= self.targets.len()
    }

    /// Whether the lanes have started.
    pub(super) fn started(&self) -> bool {
        !self.lanes.is_empty()
    }

    fn offer(&mut self, score: u32, line: &[BitMove]) {
        if score > self.best.0 || self.best.1.is_empty() {
            self.best = (score, line.to_vec());
        }
    }

    /// A beam from the start following target `target`. It starts cold: a beam handed the
    /// best line known keeps that line's path and finds less than one searching afresh
    /// (measured: see `docs/games/modern_gems_ai.md`), so only the portfolio keeps the best.
    fn beam(&self, width: usize, target: usize, seed: u64) -> Beam {
        Beam::new(
            self.start,
            config(width, self.targets[target], &self.tuning),
            seed,
        )
    }

    /// Probes targets until `clock` is out or every target is probed.
    pub(super) fn probe(&mut self, clock: &mut Clock) {
        while !self.probed() && !clock.out() {
            let next = self.probes.len();
            let seed = self.seed ^ next as u64;
            let probe = match self.probe.take() {
                Some(p) => p,
                None => self.beam(self.tuning.probe_beam_width(), next, seed),
            };
            let mut probe = probe;
            while !probe.is_done() && !clock.out() {
                clock.spend(probe.step(CHUNK));
            }
            let (score, line) = probe.best();
            let line = line.to_vec();
            self.offer(score, &line);
            if probe.is_done() {
                self.probes.push((score, probe.playouts()));
            } else {
                self.probe = Some(probe);
            }
        }
    }

    /// Gives up the probes not made (their targets rank last).
    pub(super) fn stop_probing(&mut self) {
        if let Some(p) = self.probe.take() {
            let (score, line) = p.best();
            let line = line.to_vec();
            self.offer(score, &line);
            self.probes.push((score, 0));
        }
        while !self.probed() {
            self.probes.push((0, 0));
        }
    }

    /// The targets by their probes' scores, best first.
    fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.targets.len()).collect();
        order.sort_by_key(|&t| std::cmp::Reverse(self.probes.get(t).map_or(0, |p| p.0)));
        order
    }

    /// The width a beam may have to play about `playouts` playouts.
    fn width_for(&self, playouts: u64) -> usize {
        let done: Vec<u64> = self.probes.iter().map(|p| p.1).filter(|&n| n > 0).collect();
        let per_width = if done.is_empty() {
            // No probe finished: a 15×15 board takes about 60 layers of 20 children.
            1200.0
        } else {
            done.iter().sum::<u64>() as f64
                / done.len() as f64
                / self.tuning.probe_beam_width() as f64
        };
        ((playouts as f64 / per_width) as usize).clamp(MIN_WIDTH, MAX_WIDTH)
    }

    /// Starts the lanes' first beams on the best target (each lane its own random choices),
    /// each sized for its share of the `playouts` a lane may play (see [`Tuning::beams`]).
    pub(super) fn start_lanes(&mut self, lanes: usize, playouts: u64) {
        let target = self.ranked()[0];
        let width = self.width_for(playouts / u64::from(self.tuning.beams.max(1)));
        self.lanes = (0..lanes.max(1))
            .map(|i| {
                let seed = self.seed.wrapping_add(0x9E37_79B9 * (i as u64 + 1));
                Lane {
                    beam: self.beam(width, target, seed),
                    started: 1,
                }
            })
            .collect();
    }

    /// Runs lane `i` until `clock` is out; a beam that ends is followed by another on the same
    /// target with other random choices, sized for its share of the playouts left (the last
    /// planned one, or any after it, for all of them). Returns whether more search would be
    /// worth more time: false when the lane has nothing left to do (its beam ended having
    /// played a single playout, on a board so small that one beam saw all of it, or too few
    /// playouts are left for another beam).
    ///
    /// `budget`, when given, is the playouts the whole search has left (a slice's clock knows
    /// only the slice's).
    pub(super) fn run_lane(&mut self, i: usize, clock: &mut Clock, budget: Option<u64>) -> bool {
        loop {
            let lane = &mut self.lanes[i];
            while !lane.beam.is_done() && !clock.out() {
                clock.spend(lane.beam.step(CHUNK));
            }
            let (score, line) = lane.beam.best();
            let line = line.to_vec();
            let exhausted = lane.beam.is_done() && lane.beam.playouts() <= 1;
            self.offer(score, &line);
            if exhausted {
                return false;
            }
            if clock.out() {
                return true;
            }
            let left =
                budget.map_or_else(|| clock.playouts_left(), |b| b.saturating_sub(clock.spent));
            if left < self.width_for(0) as u64 {
                return false;
            }
            let started = self.lanes[i].started + 1;
            let planned = u64::from(self.tuning.beams.max(1));
            let share = left / planned.saturating_sub(started - 1).max(1);
            let seed = self.seed ^ (started << 32) ^ i as u64;
            let beam = self.beam(self.width_for(share), self.ranked()[0], seed);
            self.lanes[i] = Lane { beam, started };
        }
    }

    /// The search on `threads` threads until `deadline`. Each thread takes the next colour
    /// to probe while any is left (a probe still running at `probe_deadline` is cut short,
    /// its target ranked by the best line it found), then plays beams on the best target
    /// known, one after the other until the deadline (see [`Portfolio::thread_beams`]). A
    /// thread with no probe left starts its beams at once rather than wait for the others'
    /// probes. The best line of all is kept.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn run_on_threads(
        &mut self,
        threads: usize,
        probe_deadline: Instant,
        deadline: Instant,
    ) {
        let shared = Mutex::new(Shared {
            next: 0,
            probes: vec![None; self.targets.len()],
        });
        let me = &*self;
        let found = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|lane| {
                    let shared = &shared;
                    s.spawn(move || {
                        let mut best = (0, Vec::new());
                        me.thread_probes(shared, probe_deadline, &mut best);
                        me.thread_beams(lane, shared, deadline, &mut best);
                        best
                    })
                })
                .collect();
            handles
                .into_iter()
                .filter_map(|h| h.join().ok())
                .collect::<Vec<_>>()
        });
        for (score, line) in found {
            self.offer(score, &line);
        }
    }

    /// One thread's probes: the next target not yet taken, until none is left.
    #[cfg(not(target_arch = "wasm32"))]
    fn thread_probes(
        &self,
        shared: &Mutex<Shared>,
        deadline: Instant,
        best: &mut (u32, Vec<BitMove>),
    ) {
        loop {
            let target = {
                let Ok(mut s) = shared.lock() else { return };
                if s.next >= self.targets.len() {
                    return;
                }
                s.next += 1;
                s.next - 1
            };
            let width = self.tuning.probe_beam_width();
            let started = Instant::now();
            let mut probe = self.beam(width, target, self.seed ^ target as u64);
            run_until(&mut probe, deadline);
            keep_best(best, &probe);
            let result = Probe {
                score: probe.best().0,
                seconds_per_width: probe
                    .is_done()
                    .then(|| started.elapsed().as_secs_f64() / width as f64),
            };
            if let Ok(mut s) = shared.lock() {
                s.probes[target] = Some(result);
            }
        }
    }

    /// One thread's beams (lane `lane`) until `deadline`: each on the best target the probes
    /// have found so far, with its own random choices, and as wide as its share of the time
    /// left allows (the first [`Tuning::beams`] share it out; any beam after them takes all
    /// that is left). A beam's width follows the seconds per unit of width measured on this
    /// board: the lane's last beam's, else the target's probe's, else the finished probes'
    /// average (else [`DEFAULT_SECONDS_PER_WIDTH`]), so the beams end close to the deadline.
    #[cfg(not(target_arch = "wasm32"))]
    fn thread_beams(
        &self,
        lane: usize,
        shared: &Mutex<Shared>,
        deadline: Instant,
        best: &mut (u32, Vec<BitMove>),
    ) {
        // Measured on this lane's last beam.
        let mut own: Option<f64> = None;
        let planned = self.tuning.beams.max(1) as usize;
        for k in 0.. {
            let now = Instant::now();
            if now >= deadline {
                return;
            }
            let (target, probe_rate) = match shared.lock() {
                Ok(s) => s.best_target(),
                Err(_) => (0, None),
            };
            let seconds_per_width = own.or(probe_rate).unwrap_or(DEFAULT_SECONDS_PER_WIDTH);
            let left = deadline.duration_since(now).as_secs_f64();
            let share = left / planned.saturating_sub(k).max(1) as f64;
            let width = ((share / seconds_per_width) as usize).clamp(MIN_WIDTH, MAX_WIDTH);
            let seed = self.seed.wrapping_add(0x9E37_79B9 * (lane as u64 + 1)) ^ ((k as u64) << 32);
            let started = Instant::now();
            let mut beam = self.beam(width, target, seed);
            run_until(&mut beam, deadline);
            keep_best(best, &beam);
            if beam.is_done() {
                if beam.playouts() <= 1 {
                    // A board so small that one beam saw all of it.
                    return;
                }
                own = Some(started.elapsed().as_secs_f64() / width as f64);
            }
        }
    }
}

/// A probe's result, shared between the threads of a threaded search.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// Its best line's score.
    score: u32,
    /// The seconds it took per unit of width (`None` when it was cut short).
    seconds_per_width: Option<f64>,
}

/// What the threads of a threaded search share: the probes handed out, and their results.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug)]
struct Shared {
    /// The next target to probe.
    next: usize,
    /// Each target's probe, once it has ended.
    probes: Vec<Option<Probe>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Shared {
    /// The best target probed so far (the first, the most common colour, while none is) and
    /// the seconds per unit of width its probe took, else any finished probe's average.
    fn best_target(&self) -> (usize, Option<f64>) {
        let mut target = 0;
        for (t, p) in self.probes.iter().enumerate() {
            let score = |t: usize| self.probes[t].map_or(0, |p| p.score);
            if p.is_some() && score(t) > score(target) {
                target = t;
            }
        }
        let measured: Vec<f64> = self
            .probes
            .iter()
            .filter_map(|p| p.and_then(|p| p.seconds_per_width))
            .collect();
        let average =
            (!measured.is_empty()).then(|| measured.iter().sum::<f64>() / measured.len() as f64);
        let own = self.probes[target].and_then(|p| p.seconds_per_width);
        (target, own.or(average))
    }
}

/// Seconds per unit of a beam's width before any is measured (about 1,200 playouts at
/// 80,000 a second).
#[cfg(not(target_arch = "wasm32"))]
const DEFAULT_SECONDS_PER_WIDTH: f64 = 0.015;

/// Runs `beam` until it ends or `deadline` passes.
#[cfg(not(target_arch = "wasm32"))]
fn run_until(beam: &mut Beam, deadline: Instant) {
    while !beam.is_done() && Instant::now() < deadline {
        beam.step(CHUNK);
    }
}

/// Keeps `beam`'s best line in `best` if it is better.
#[cfg(not(target_arch = "wasm32"))]
fn keep_best(best: &mut (u32, Vec<BitMove>), beam: &Beam) {
    let (score, line) = beam.best();
    if score > best.0 || best.1.is_empty() {
        *best = (score, line.to_vec());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::{ExpertSearch, RemovalPolicy, random_board};

    #[test]
    fn short_searches_keep_narrow_probes_and_long_ones_probe_wide() {
        for budget in [
            Budget::Time(Duration::from_millis(500)),
            Budget::Time(Duration::from_secs(1)),
            Budget::Nodes(200_000),
        ] {
            let t = Tuning::for_budget(budget);
            assert_eq!((t.probe_width, t.probe_share), (12, 15), "{budget:?}");
            assert_eq!(t, Tuning::default().with_probes(12, 15), "{budget:?}");
        }
        for budget in [
            Budget::Time(Duration::from_secs(2)),
            Budget::Time(Duration::from_secs(5)),
            Budget::Time(Duration::from_secs(60)),
            Budget::Nodes(2_000_000),
        ] {
            let t = Tuning::for_budget(budget);
            assert_eq!((t.probe_width, t.probe_share), (48, 30), "{budget:?}");
        }
    }

    #[test]
    fn any_probe_width_and_share_make_a_search_that_replays() {
        let board = random_board(8, 8, 4, 3).unwrap();
        for (width, share) in [(u32::MAX, 100), (1, 0), (48, 30)] {
            let tuning = Tuning::default().with_probes(width, share);
            let line = ExpertSearch::tuned(
                &board,
                RemovalPolicy::Classic,
                Budget::Nodes(3_000),
                None,
                tuning,
            )
            .run(1);
            assert_eq!(
                super::super::score_line(&board, RemovalPolicy::Classic, &line.moves),
                Some(line.score),
                "width {width}, share {share}: the line ends the game with its score"
            );
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn threads_take_the_best_probed_target_and_its_measured_speed() {
        let probe = |score, seconds_per_width| {
            Some(Probe {
                score,
                seconds_per_width,
            })
        };
        let mut shared = Shared {
            next: 0,
            probes: vec![None; 4],
        };
        assert_eq!(
            shared.best_target(),
            (0, None),
            "nothing probed: the most common colour"
        );
        shared.probes[1] = probe(900, Some(0.02));
        shared.probes[2] = probe(700, Some(0.04));
        assert_eq!(shared.best_target(), (1, Some(0.02)));
        // The best probe was cut short: its target still ranks first, sized by the others.
        shared.probes[3] = probe(1_000, None);
        assert_eq!(shared.best_target(), (3, Some(0.03)));
        // A tie goes to the colour with more gems.
        shared.probes[0] = probe(1_000, Some(0.01));
        assert_eq!(shared.best_target().0, 0);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_search_on_threads_ends_by_its_deadline_with_a_line_that_replays() {
        let board = random_board(15, 15, 5, 11).unwrap();
        let budget = Duration::from_millis(600);
        let search = ExpertSearch::tuned(
            &board,
            RemovalPolicy::Classic,
            Budget::Time(budget),
            None,
            Tuning::for_budget(Budget::Time(budget)),
        );
        let start = std::time::Instant::now();
        let line = search.run(2);
        let took = start.elapsed();
        assert!(took >= budget, "the search uses its time: {took:?}");
        assert!(took < budget * 2, "and stops at its deadline: {took:?}");
        assert!(!line.moves.is_empty());
        assert_eq!(
            super::super::score_line(&board, RemovalPolicy::Classic, &line.moves),
            Some(line.score),
        );
    }
}

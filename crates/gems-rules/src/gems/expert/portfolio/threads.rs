//! The portfolio's search on threads (a time budget on the desktop): the colours to probe
//! come from one queue, a thread with none left starts its beams at once, and each beam is
//! sized from the seconds per unit of width measured on this board.

use std::sync::Mutex;
use std::time::Instant;

use super::{CHUNK, MAX_WIDTH, MIN_WIDTH, Portfolio, keep};
use crate::cancel::Cancel;
use crate::gems::beam::{Beam, BitMove};

impl Portfolio {
    /// The search on `threads` threads until `deadline`. Each thread takes the next colour
    /// to probe while any is left (a probe still running at `probe_deadline` is cut short,
    /// its target ranked by the best line it found), then plays beams on the best target
    /// known, one after the other until the deadline (see [`Portfolio::thread_beams`]). A
    /// thread with no probe left starts its beams at once rather than wait for the others'
    /// probes. The best line of all is kept. Every thread stops once `cancel` is set.
    pub(in crate::gems::expert) fn run_on_threads(
        &mut self,
        threads: usize,
        probe_deadline: Instant,
        deadline: Instant,
        cancel: &Cancel,
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
                        me.thread_probes(shared, (probe_deadline, cancel), &mut best);
                        me.thread_beams(lane, shared, (deadline, cancel), &mut best);
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
            keep(&mut self.best, score, &line);
        }
    }

    /// Seconds per unit of a beam's width before any is measured (the playouts it is
    /// expected to take at 80,000 a second).
    fn default_seconds_per_width(&self) -> f64 {
        self.playouts_per_width() / 80_000.0
    }

    /// One thread's probes: the next target not yet taken, until none is left (none at all
    /// when the targets need no ranking).
    fn thread_probes(
        &self,
        shared: &Mutex<Shared>,
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
    ) {
        if !self.needs_probes() {
            return;
        }
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
            run_until(&mut probe, deadline, cancel);
            let (score, line) = probe.best();
            keep(best, score, line);
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
    /// average (else [`Portfolio::default_seconds_per_width`]), so the beams end close to the
    /// deadline.
    fn thread_beams(
        &self,
        lane: usize,
        shared: &Mutex<Shared>,
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
    ) {
        // Measured on this lane's last beam.
        let mut own: Option<f64> = None;
        let planned = self.tuning.beams.max(1) as usize;
        for k in 0.. {
            let now = Instant::now();
            if now >= deadline || cancel.is_cancelled() {
                return;
            }
            let (target, probe_rate) = match shared.lock() {
                Ok(s) => s.best_target(),
                Err(_) => (0, None),
            };
            let seconds_per_width = own
                .or(probe_rate)
                .unwrap_or_else(|| self.default_seconds_per_width());
            let left = deadline.duration_since(now).as_secs_f64();
            let share = left / planned.saturating_sub(k).max(1) as f64;
            let width = ((share / seconds_per_width) as usize).clamp(MIN_WIDTH, MAX_WIDTH);
            let seed = self.seed.wrapping_add(0x9E37_79B9 * (lane as u64 + 1)) ^ ((k as u64) << 32);
            let started = Instant::now();
            let mut beam = self.beam(width, target, seed);
            run_until(&mut beam, deadline, cancel);
            let (score, line) = beam.best();
            keep(best, score, line);
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
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// Its best line's score.
    score: u32,
    /// The seconds it took per unit of width (`None` when it was cut short).
    seconds_per_width: Option<f64>,
}

/// What the threads of a threaded search share: the probes handed out, and their results.
#[derive(Debug)]
struct Shared {
    /// The next target to probe.
    next: usize,
    /// Each target's probe, once it has ended.
    probes: Vec<Option<Probe>>,
}

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

/// Runs `beam` until it ends, `deadline` passes or `cancel` is set.
fn run_until(beam: &mut Beam, deadline: Instant, cancel: &Cancel) {
    while !beam.is_done() && Instant::now() < deadline && !cancel.is_cancelled() {
        beam.step(CHUNK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::expert::{Budget, Tuning};
    use crate::gems::{ExpertSearch, RemovalPolicy, random_board};
    use std::time::Duration;

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
            crate::gems::expert::score_line(&board, RemovalPolicy::Classic, &line.moves),
            Some(line.score),
        );
    }
}

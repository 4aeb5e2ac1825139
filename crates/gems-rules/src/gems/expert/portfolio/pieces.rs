//! The pieces of a portfolio search that one lane runs: the probe of one target, and a lane's
//! beams until a deadline. Threads on the desktop share their results through a `Mutex`
//! (`threads.rs`); the browser's AI workers run one piece per message, handed out by the
//! page's coordinator ([`crate::gems::lanes`]).

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use super::{CHUNK, MAX_WIDTH, MIN_WIDTH, Portfolio, keep};
use crate::cancel::{Cancel, Progress};
use crate::gems::beam::{Beam, BitMove};
use crate::gems::lanes::ProbeResult;

impl Portfolio {
    /// How many targets the search ranks (the colours worth keeping for last).
    pub(in crate::gems::expert) fn target_count(&self) -> usize {
        self.targets.len()
    }

    /// Seconds per unit of a beam's width before any is measured (the playouts it is
    /// expected to take at 80,000 a second).
    fn default_seconds_per_width(&self) -> f64 {
        self.playouts_per_width() / 80_000.0
    }

    /// Probes target `target` (by rank, 0 the most common colour) until its beam ends,
    /// `deadline` passes or `cancel` is set: its best line is kept in `best`, and its result
    /// says what it scored and, when it ended, the seconds it took per unit of width.
    /// `sample` numbers the target's probes ([`Tuning::probe_samples`]; 0 for the first),
    /// each with its own random choices.
    ///
    /// [`Tuning::probe_samples`]: super::Tuning::probe_samples
    pub(in crate::gems::expert) fn probe_target(
        &self,
        (target, sample): (usize, usize),
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
    ) -> ProbeResult {
        let width = self.tuning.probe_sample_width();
        let started = Instant::now();
        let seed = self.seed ^ target as u64 ^ ((sample as u64) << 40);
        let mut probe = self.beam(width, target, seed);
        run_until(&mut probe, deadline, cancel);
        let (score, line) = probe.best();
        keep(best, score, line);
        ProbeResult {
            score: self.rank_score(score, line),
            seconds_per_width: probe
                .is_done()
                .then(|| started.elapsed().as_secs_f64() / width as f64),
        }
    }

    /// Lane `lane`'s beams until `deadline`: each on the target `next` names (with the
    /// seconds per unit of width its probe measured; `next` is told the lane's last beam's
    /// target and score, `None` before the first), with its own random choices, and as
    /// wide as its share of the time left allows (the first [`Tuning::beams`] share it out;
    /// any beam after them takes all that is left). A beam's width follows the seconds per
    /// unit of width measured on this board: the lane's last beam's, else the target's
    /// probe's, else the finished probes' average (else
    /// [`Portfolio::default_seconds_per_width`]), so the beams end close to the deadline.
    /// Returns each beam's best line, in the order the beams ran.
    ///
    /// [`Tuning::beams`]: super::Tuning::beams
    pub(in crate::gems::expert) fn lane_beams(
        &self,
        lane: usize,
        (deadline, cancel): (Instant, &Cancel),
        mut next: impl FnMut(Option<(usize, u32)>) -> (usize, Option<f64>),
        best: &mut (u32, Vec<BitMove>),
    ) -> Vec<(u32, Vec<BitMove>)> {
        // Measured on this lane's last beam.
        let mut own: Option<f64> = None;
        let planned = self.tuning.beams.max(1) as usize;
        let mut lines = Vec::new();
        let mut last = None;
        for k in 0.. {
            let now = Instant::now();
            if now >= deadline || cancel.is_cancelled() {
                break;
            }
            let (target, probe_rate) = next(last);
            let target = target.min(self.targets.len().saturating_sub(1));
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
            last = Some((target, score));
            keep(best, score, line);
            if !line.is_empty() {
                lines.push((score, line.to_vec()));
            }
            if beam.is_done() {
                if beam.playouts() <= 1 {
                    // A board so small that one beam saw all of it.
                    break;
                }
                own = Some(started.elapsed().as_secs_f64() / width as f64);
            }
        }
        lines
    }
}

/// Runs `beam` until it ends, `deadline` passes or `cancel` is set.
fn run_until(beam: &mut Beam, deadline: Instant, cancel: &Cancel) {
    while !beam.is_done() && Instant::now() < deadline && !cancel.is_cancelled() {
        beam.step(CHUNK);
        cancel.report(Progress::Score(u64::from(beam.best().0)));
    }
}

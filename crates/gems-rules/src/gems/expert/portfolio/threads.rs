//! The portfolio's search on threads (a time budget on the desktop): the colours to probe
//! come from one queue, a thread with none left starts its beams at once, each beam is
//! sized from the seconds per unit of width measured on this board, and each thread ends by
//! refining its best line by NRPA.

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use super::{Portfolio, keep};
use crate::cancel::Cancel;
use crate::gems::beam::BitMove;
use crate::gems::lanes::{ProbeResult, combine_probes, raced_target};
use crate::gems::nrpa::kept_colour;
use crate::splitmix::finish;

impl Portfolio {
    /// The search on `threads` threads until `deadline`. Each thread takes the next colour
    /// to probe while any is left (a probe still running at `probe_deadline` is cut short,
    /// its target ranked by the best line it found), then plays beams on the best target
    /// known, one after the other until `beams_deadline` (see [`Portfolio::thread_beams`]),
    /// then refines its best line until `deadline` ([`Portfolio::thread_refine`]). A thread
    /// with no probe left starts its beams at once rather than wait for the others' probes.
    /// The best line of all is kept. Every thread stops once `cancel` is set.
    pub(in crate::gems::expert) fn run_on_threads(
        &mut self,
        threads: usize,
        (probe_deadline, beams_deadline): (Instant, Instant),
        deadline: Instant,
        cancel: &Cancel,
    ) {
        let shared = Mutex::new(Shared {
            next: 0,
            probes: vec![None; self.targets.len()],
            samples: vec![Vec::new(); self.targets.len()],
            beams: vec![0; self.targets.len()],
        });
        let join = Join::new(threads.max(1));
        let me = &*self;
        let found = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|lane| {
                    let (shared, join) = (&shared, &join);
                    s.spawn(move || {
                        let mut best = (0, Vec::new());
                        me.thread_probes(shared, (probe_deadline, cancel), &mut best);
                        let lines =
                            me.thread_beams(lane, shared, (beams_deadline, cancel), &mut best);
                        me.thread_refine(lane, (deadline, cancel), &mut best, (&lines, join));
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

    /// One thread's probes: the next probe not yet taken, until none is left (none at all
    /// when the targets need no ranking). Each target gets [`super::Tuning::probe_samples`]
    /// probes, every target's first before any target's second; a target ranks by its probes
    /// so far ([`combine_probes`]).
    fn thread_probes(
        &self,
        shared: &Mutex<Shared>,
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
    ) {
        if !self.needs_probes() {
            return;
        }
        let targets = self.targets.len();
        let pieces = targets * self.tuning.probe_samples.max(1) as usize;
        loop {
            let piece = {
                let Ok(mut s) = shared.lock() else { return };
                if s.next >= pieces {
                    return;
                }
                s.next += 1;
                s.next - 1
            };
            let (target, sample) = (piece % targets, piece / targets);
            let result = self.probe_target((target, sample), (deadline, cancel), best);
            if let Ok(mut s) = shared.lock() {
                s.samples[target].push(result);
                s.probes[target] = combine_probes(&s.samples[target], self.tuning.probe_spread);
            }
        }
    }

    /// One thread's beams (lane `lane`) until `deadline`, each on the best target the
    /// threads' probes have found so far, or, when the lanes race ([`super::Tuning::race`]),
    /// as [`raced_target`] says from the probes and the beams' scores so far (see
    /// [`Portfolio::lane_beams`]); each beam's best line.
    fn thread_beams(
        &self,
        lane: usize,
        shared: &Mutex<Shared>,
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
    ) -> Vec<(u32, Vec<BitMove>)> {
        let next = |last: Option<(usize, u32)>| match shared.lock() {
            Ok(mut s) => {
                if let Some((target, score)) = last
                    && let Some(known) = s.beams.get_mut(target)
                {
                    *known = (*known).max(score);
                }
                raced_target(
                    &s.probes,
                    &s.beams,
                    (lane, last.is_none()),
                    self.tuning.race,
                )
            }
            Err(_) => (0, None),
        };
        self.lane_beams(lane, (deadline, cancel), next, best)
    }

    /// One thread's last part, until `deadline`: NRPA refining the thread's best line
    /// ([`crate::gems::nrpa::Nrpa::refine`] by [`super::Tuning::refiner`]: level-1 searches
    /// from a policy adapted towards the line, two playouts per level-1 adaptation, the
    /// colour of the line's biggest group kept for last), the better line kept. Each thread refines its own line (its beams' lines
    /// differ), which was measured ahead of both refining the best of all. Nothing when
    /// [`Portfolio::refine_fraction`] gives it no time.
    ///
    /// With [`super::Tuning::refine_lines`] above 1, the thread refines that many of its
    /// lines ([`lines_to_refine`]: its best, then its beams' other lines, best first), one
    /// after the other, each for [`super::Tuning::refine_each`] percent of the refining's
    /// time (an equal share when that is 0), then its best line so far for what is left.
    ///
    /// With [`super::Tuning::refine_join`] above 0, all that ends at that percent of the
    /// refining's time: the thread posts its best line to `join`, waits (briefly) for the
    /// other threads' posts, and refines the best line posted, when it is ahead of its own,
    /// else its own again, for the rest.
    fn thread_refine(
        &self,
        lane: usize,
        (deadline, cancel): (Instant, &Cancel),
        best: &mut (u32, Vec<BitMove>),
        (beams, join): (&[(u32, Vec<BitMove>)], &Join),
    ) {
        if self.refine_fraction() == 0.0 || best.1.is_empty() {
            return;
        }
        let lines = lines_to_refine(best, beams, self.tuning.refine_lines);
        let refiner = self.tuning.refiner();
        let start = Instant::now();
        let join_at = match self.tuning.refine_join {
            0 => None,
            percent => {
                Some(start + deadline.saturating_duration_since(start) * percent.min(100) / 100)
            }
        };
        // The refining of the thread's own lines ends here.
        let own_end = join_at.unwrap_or(deadline);
        let time = own_end.saturating_duration_since(start);
        let count = lines.len() as u32;
        let each = match self.tuning.refine_each {
            0 => time / count,
            percent => (time * percent.min(100) / 100).min(time / count),
        };
        let refine = |i: usize, moves: &[BitMove], until: Instant, best: &mut _| {
            let tabu = kept_colour(&self.start, moves);
            let seed = finish(
                self.seed
                    .wrapping_add(0x5EED_0000 + lane as u64 + ((i as u64) << 40)),
            );
            let (line, _) = refiner.refine(&self.start, moves, tabu, 2, (until, cancel), seed);
            keep(best, line.score, &line.bit_moves());
        };
        for (i, (_, moves)) in lines.iter().enumerate() {
            refine(i, moves, start + each * (i as u32 + 1), best);
        }
        // (An equal share leaves nothing but the division's rounding.)
        if self.tuning.refine_each > 0 && start + each * count < own_end {
            let moves = best.1.clone();
            refine(lines.len(), &moves, own_end, best);
        }
        if join_at.is_some() {
            join.post(best);
            let line = join
                .wait(own_end + JOIN_WAIT, cancel)
                .filter(|posted| posted.0 > best.0)
                .unwrap_or_else(|| best.clone());
            refine(lines.len() + 1, &line.1, deadline, best);
        }
    }
}

/// How long a thread that has posted its line waits at most for the other threads' posts
/// ([`Join::wait`]): the threads reach the join point together, give or take one of their
/// refining's searches.
const JOIN_WAIT: Duration = Duration::from_millis(20);

/// Where the threads' refinings meet ([`super::Tuning::refine_join`]): how many threads have
/// posted their best line, and the best line posted.
#[derive(Debug)]
struct Join {
    /// The threads refining.
    threads: usize,
    /// The posts so far, and the best line among them.
    posted: Mutex<(usize, (u32, Vec<BitMove>))>,
    /// Wakes the threads waiting for the others' posts at each post.
    arrived: Condvar,
}

/// How often a thread waiting at the join looks at its cancel flag (which wakes no one).
const CANCEL_LOOK: Duration = Duration::from_millis(1);

impl Join {
    /// A meeting point for `threads` threads, no line posted yet.
    fn new(threads: usize) -> Self {
        Join {
            threads,
            posted: Mutex::new((0, (0, Vec::new()))),
            arrived: Condvar::new(),
        }
    }

    /// Posts a thread's best line: it is kept if it scores more than every line posted
    /// before.
    fn post(&self, line: &(u32, Vec<BitMove>)) {
        if let Ok(mut posted) = self.posted.lock() {
            posted.0 += 1;
            keep(&mut posted.1, line.0, &line.1);
        }
        self.arrived.notify_all();
    }

    /// The best line posted, once every thread has posted, or `until` has passed, or
    /// `cancel` is set, whichever comes first (none if a thread panicked holding the lock).
    fn wait(&self, until: Instant, cancel: &Cancel) -> Option<(u32, Vec<BitMove>)> {
        let mut posted = self.posted.lock().ok()?;
        loop {
            let now = Instant::now();
            if posted.0 >= self.threads || now >= until || cancel.is_cancelled() {
                return Some(posted.1.clone());
            }
            let nap = until.saturating_duration_since(now).min(CANCEL_LOOK);
            posted = self.arrived.wait_timeout(posted, nap).ok()?.0;
        }
    }
}

/// The lines a thread refines, best first: its best line, then its beams' other lines
/// (each once), at most `count` of them (at least one).
fn lines_to_refine(
    best: &(u32, Vec<BitMove>),
    beams: &[(u32, Vec<BitMove>)],
    count: u32,
) -> Vec<(u32, Vec<BitMove>)> {
    let mut lines = vec![best.clone()];
    for line in beams {
        if !lines.iter().any(|l| l.1 == line.1) {
            lines.push(line.clone());
        }
    }
    // A stable sort: the best line stays first on a tie.
    lines.sort_by_key(|l| std::cmp::Reverse(l.0));
    lines.truncate(count.max(1) as usize);
    lines
}

#[derive(Debug)]
struct Shared {
    /// The next probe to run: target `next % targets`, its probe `next / targets`.
    next: usize,
    /// Each target's probes so far, in the order they ended.
    samples: Vec<Vec<ProbeResult>>,
    /// Each target's rank from its probes so far ([`combine_probes`]).
    probes: Vec<Option<ProbeResult>>,
    /// Each target's best beam score so far (0: no beam on it has ended).
    beams: Vec<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gems::bits::{BitBoard, Group};
    use crate::gems::expert::{Budget, Tuning};
    use crate::gems::lanes::best_target;
    use crate::gems::{ExpertSearch, RemovalPolicy, random_board};
    use std::time::Duration;

    /// A weak line from `bits` to the game's end: each move the group `pick` takes from
    /// those listed; its score and moves.
    fn weak_line(bits: &BitBoard, pick: fn(&[Group]) -> Option<&Group>) -> (u32, Vec<BitMove>) {
        let (mut replay, mut groups, mut line) = (*bits, Vec::new(), (0, Vec::new()));
        loop {
            replay.groups(&mut groups);
            let Some(&g) = pick(&groups) else { break };
            let (col, h) = g.cells.first_cell().unwrap();
            line.1.push((col as u8, h as u8));
            line.0 += replay.play(&g);
        }
        line
    }

    /// With two probes per target, two threads probe every target twice, each probe half
    /// as wide and with its own random choices, and each target ranks by its two probes;
    /// with one, every target is probed once, as wide as the tuning says.
    #[test]
    fn threads_probe_each_target_as_often_as_the_tuning_says() {
        let board = random_board(10, 10, 3, 7).unwrap();
        let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        for samples in [1, 2] {
            let tuning = Tuning {
                probe_samples: samples,
                probe_width: 8,
                probe_floor: 0,
                ..Tuning::default()
            };
            let portfolio = Portfolio::new(bits, (0, Vec::new()), 1, tuning);
            let targets = portfolio.target_count();
            assert!(targets > 1, "a board with colours to probe");
            let shared = Mutex::new(Shared {
                next: 0,
                samples: vec![Vec::new(); targets],
                probes: vec![None; targets],
                beams: vec![0; targets],
            });
            let until = Instant::now() + Duration::from_secs(60);
            std::thread::scope(|s| {
                for _ in 0..2 {
                    s.spawn(|| {
                        let mut best = (0, Vec::new());
                        portfolio.thread_probes(&shared, (until, &Cancel::never()), &mut best);
                        assert!(best.0 > 0, "a probe's line is kept");
                    });
                }
            });
            let shared = shared.into_inner().unwrap();
            assert_eq!(shared.next, targets * samples as usize);
            for t in 0..targets {
                let probes = &shared.samples[t];
                assert_eq!(probes.len(), samples as usize, "target {t}");
                assert_eq!(shared.probes[t], combine_probes(probes, 25), "target {t}");
                assert!(probes.iter().all(|p| p.seconds_per_width.is_some()));
            }
        }
        // The probes' width: the tuning's, split between a target's probes.
        let width = |probe_samples| {
            Tuning {
                probe_samples,
                ..Tuning::default()
            }
            .probe_sample_width()
        };
        assert_eq!((width(1), width(2), width(3)), (48, 24, 16));
    }

    #[test]
    fn threads_take_the_best_probed_target_and_its_measured_speed() {
        let probe = |score, seconds_per_width| {
            Some(ProbeResult {
                score,
                seconds_per_width,
            })
        };
        let mut shared = Shared {
            next: 0,
            samples: vec![Vec::new(); 4],
            probes: vec![None; 4],
            beams: vec![0; 4],
        };
        assert_eq!(
            best_target(&shared.probes),
            (0, None),
            "nothing probed: the most common colour"
        );
        shared.probes[1] = probe(900, Some(0.02));
        shared.probes[2] = probe(700, Some(0.04));
        assert_eq!(best_target(&shared.probes), (1, Some(0.02)));
        // The best probe was cut short: its target still ranks first, sized by the others.
        shared.probes[3] = probe(1_000, None);
        assert_eq!(best_target(&shared.probes), (3, Some(0.03)));
        // A tie goes to the colour with more gems.
        shared.probes[0] = probe(1_000, Some(0.01));
        assert_eq!(best_target(&shared.probes).0, 0);
    }

    #[test]
    fn a_search_on_threads_ends_by_its_deadline_with_a_line_that_replays() {
        let board = random_board(15, 15, 5, 11).unwrap();
        let budget = Duration::from_millis(600);
        // Classic searches refine their lines at the end; Chained ones keep the beams all
        // the time: both use it all.
        for policy in [RemovalPolicy::Classic, RemovalPolicy::Chained] {
            let search = ExpertSearch::tuned(
                &board,
                policy,
                Budget::Time(budget),
                None,
                Tuning::for_budget(Budget::Time(budget)),
            );
            let start = std::time::Instant::now();
            let line = search.run(2);
            let took = start.elapsed();
            assert!(
                took >= budget,
                "{policy:?}: the search uses its time: {took:?}"
            );
            assert!(
                took < budget * 2,
                "{policy:?}: and stops at its deadline: {took:?}"
            );
            assert!(!line.moves.is_empty());
            assert_eq!(
                crate::gems::expert::score_line(&board, policy, &line.moves),
                Some(line.score),
            );
        }
    }

    /// A thread's refining starts from its best line and keeps it unless NRPA finds a better
    /// one, which replays to its score; with `refine` at 0, the line is left as it is.
    #[test]
    fn a_thread_refines_its_best_line_by_nrpa() {
        let board = random_board(10, 10, 4, 5).unwrap();
        let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        let (score, line) = weak_line(&bits, |groups| groups.first());
        // Another weak line, for the refinings of several lines.
        let (other_score, other) = weak_line(&bits, |groups| groups.last());
        let beams = [(other_score, other), (score, line.clone())];
        for (refine, refine_lines, refine_each, refine_join) in [
            (0, 1, 0, 0),
            (35, 1, 0, 0),
            (35, 2, 0, 0),
            (35, 2, 25, 0),
            (35, 1, 0, 50),
        ] {
            let tuning = Tuning {
                refine,
                refine_lines,
                refine_each,
                refine_join,
                ..Tuning::default()
            };
            let portfolio = Portfolio::new(bits, (0, Vec::new()), 1, tuning);
            let mut best = (score, line.clone());
            let until = Instant::now() + Duration::from_millis(200);
            let join = Join::new(1);
            portfolio.thread_refine(0, (until, &Cancel::never()), &mut best, (&beams, &join));
            if refine == 0 {
                assert_eq!(best, (score, line.clone()));
                continue;
            }
            assert!(
                Instant::now() < until + Duration::from_millis(100),
                "the refinings end by the deadline"
            );
            assert!(
                best.0 > score.max(other_score),
                "{} is not above {score}",
                best.0
            );
            let cells = crate::gems::expert::from_bit_line(&bits, &best.1);
            assert_eq!(
                crate::gems::expert::score_line(&board, RemovalPolicy::Classic, &cells),
                Some(u64::from(best.0)),
            );
        }
    }

    /// At the join, a thread whose line is behind the best posted refines that one for the
    /// rest of its time: with its deadline already passed (so that its own weak line is not
    /// refined), it still ends with the posted line's score, and the line replays to it.
    #[test]
    fn a_thread_behind_at_the_join_refines_the_best_line_posted() {
        let board = random_board(10, 10, 4, 5).unwrap();
        let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        let weak = weak_line(&bits, |groups| groups.first());
        let refining = |join: u32| {
            let tuning = Tuning {
                refine_join: join,
                ..Tuning::default()
            };
            Portfolio::new(bits, (0, Vec::new()), 1, tuning)
        };
        // The other thread's line: the weak line refined for 400 ms.
        let mut strong = weak.clone();
        let until = Instant::now() + Duration::from_millis(400);
        let alone = Join::new(1);
        refining(0).thread_refine(1, (until, &Cancel::never()), &mut strong, (&[], &alone));
        assert!(strong.0 > weak.0);
        let join = Join::new(2);
        join.post(&strong);
        let mut best = weak.clone();
        let until = Instant::now();
        refining(50).thread_refine(0, (until, &Cancel::never()), &mut best, (&[], &join));
        assert!(
            best.0 >= strong.0,
            "{} is below the posted {}",
            best.0,
            strong.0
        );
        let cells = crate::gems::expert::from_bit_line(&bits, &best.1);
        assert_eq!(
            crate::gems::expert::score_line(&board, RemovalPolicy::Classic, &cells),
            Some(u64::from(best.0)),
        );
        // Without the join, the same thread keeps its weak line.
        let mut own = weak.clone();
        let until = Instant::now();
        refining(0).thread_refine(0, (until, &Cancel::never()), &mut own, (&[], &alone));
        assert!(own.0 < strong.0, "{} is not below {}", own.0, strong.0);
    }

    /// The join keeps the best line posted, and hands it over at once when every thread has
    /// posted, at its time limit when one has not.
    #[test]
    fn a_join_hands_the_best_line_posted_once_every_thread_has_posted() {
        let join = Join::new(2);
        join.post(&(50, vec![(1, 1)]));
        let started = Instant::now();
        let early = join.wait(started + Duration::from_millis(30), &Cancel::never());
        assert!(
            started.elapsed() >= Duration::from_millis(30),
            "waits for the other post"
        );
        assert_eq!(early, Some((50, vec![(1, 1)])));
        join.post(&(70, vec![(2, 2)]));
        join.post(&(60, vec![(3, 3)]));
        let started = Instant::now();
        let all = join.wait(started + Duration::from_secs(10), &Cancel::never());
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "every thread has posted"
        );
        assert_eq!(all, Some((70, vec![(2, 2)])));
        // A thread waiting is woken by the last post, not by its time limit.
        let join = Join::new(2);
        join.post(&(10, vec![(4, 4)]));
        let started = Instant::now();
        let woken = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                join.post(&(20, vec![(5, 5)]));
            });
            join.wait(started + Duration::from_secs(10), &Cancel::never())
        });
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "woken by the post"
        );
        assert_eq!(woken, Some((20, vec![(5, 5)])));
    }

    /// A thread refines its best line first, then its beams' other lines, best first and
    /// each once, as many as the tuning asks for (at least one).
    #[test]
    fn a_thread_refines_its_best_line_then_its_other_beam_lines_best_first() {
        let best = (100, vec![(0, 0), (1, 1)]);
        let beams = [
            (90, vec![(2, 2)]),
            (100, vec![(0, 0), (1, 1)]),
            (95, vec![(3, 3)]),
            (95, vec![(3, 3)]),
        ];
        assert_eq!(lines_to_refine(&best, &beams, 0), vec![best.clone()]);
        assert_eq!(lines_to_refine(&best, &beams, 1), vec![best.clone()]);
        let three = vec![best.clone(), (95, vec![(3, 3)]), (90, vec![(2, 2)])];
        assert_eq!(lines_to_refine(&best, &beams, 3), three);
        assert_eq!(lines_to_refine(&best, &beams, 9), three);
        // A beam line scoring as much as the best stays behind it.
        let tie = [(100, vec![(4, 4)])];
        assert_eq!(lines_to_refine(&best, &tie, 2)[0], best);
    }
}

//! The Expert's root parallelism where lanes share nothing but messages (the browser's AI
//! workers): a [`Coordinator`] on the page hands each free lane its next [`Piece`] of the
//! search, the probe of one target colour while any is left, then the lane's beams on the
//! best target known, and keeps the best line the pieces find. It is the probe queue that
//! the desktop's threads share through a `Mutex`, as bookkeeping alone: the pieces run in the
//! workers (`ExpertSearch::run_piece`), so the page holds no engine.

use super::Line;

/// What the probe of one target found.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ProbeResult {
    /// What it ranks its target by: its best line's score (plus the tuning's
    /// `probe_clear` when that line clears the board).
    pub score: u32,
    /// The seconds it took per unit of width (`None` when it was cut short).
    pub seconds_per_width: Option<f64>,
}

/// The best target probed so far (the first, the most common colour, while none is; the
/// colour with more gems on a tie) and the seconds per unit of width its probe took, else
/// the finished probes' average.
pub fn best_target(probes: &[Option<ProbeResult>]) -> (usize, Option<f64>) {
    let score = |t: usize| probes[t].map_or(0, |p| p.score);
    let mut target = 0;
    for (t, p) in probes.iter().enumerate() {
        if p.is_some() && score(t) > score(target) {
            target = t;
        }
    }
    (target, rate_of(probes, target))
}

/// The seconds per unit of width target `t`'s probe took, else the finished probes' average
/// (`None` while no probe has ended).
fn rate_of(probes: &[Option<ProbeResult>], t: usize) -> Option<f64> {
    probes
        .get(t)
        .and_then(|p| p.and_then(|p| p.seconds_per_width))
        .or_else(|| mean_rate(probes.iter().flatten()))
}

/// The mean seconds per unit of width of the `probes` that ended (`None` when none did).
fn mean_rate<'a>(probes: impl IntoIterator<Item = &'a ProbeResult>) -> Option<f64> {
    let measured: Vec<f64> = probes
        .into_iter()
        .filter_map(|p| p.seconds_per_width)
        .collect();
    (!measured.is_empty()).then(|| measured.iter().sum::<f64>() / measured.len() as f64)
}

/// What a target's probes so far (several when each target gets
/// [`crate::gems::Tuning::probe_samples`]) rank it by: their mean score plus `spread` percent
/// of their range, and the mean seconds per unit of width of those that ended (`None`
/// before any probe). The threads' probes use it; the browser's single lane probes once.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn combine_probes(probes: &[ProbeResult], spread: u32) -> Option<ProbeResult> {
    let scores = probes.iter().map(|p| u64::from(p.score));
    let (low, high) = (scores.clone().min()?, scores.clone().max()?);
    let mean = scores.sum::<u64>() / probes.len() as u64;
    let score = mean + (high - low) * u64::from(spread) / 100;
    Some(ProbeResult {
        score: u32::try_from(score).unwrap_or(u32::MAX),
        seconds_per_width: mean_rate(probes),
    })
}

/// The target for a lane's next beam when the lanes race the two best-probed targets
/// ([`crate::gems::Tuning::race`], `race` percent): the second-best probed target for the
/// first beam of lane 1 when its probe scored within `race` percent of the best's; once any
/// beam has ended, the target whose beams found the best line (`beams`: each target's best
/// beam score, 0 for none yet); else [`best_target`]. The seconds per unit of width are the
/// target's probe's, else the finished probes' average.
pub fn raced_target(
    probes: &[Option<ProbeResult>],
    beams: &[u32],
    (lane, first): (usize, bool),
    race: u32,
) -> (usize, Option<f64>) {
    let (best, best_rate) = best_target(probes);
    if race == 0 {
        return (best, best_rate);
    }
    if let Some((t, _)) = beams
        .iter()
        .enumerate()
        .filter(|&(_, &score)| score > 0)
        .max_by_key(|&(t, &score)| (score, std::cmp::Reverse(t)))
    {
        return (t, rate_of(probes, t));
    }
    if first && lane == 1 {
        let score = |t: usize| probes.get(t).and_then(|p| p.map(|p| p.score));
        let best_score = score(best).unwrap_or(0);
        let second = (0..probes.len())
            .filter(|&t| t != best)
            .filter_map(|t| score(t).map(|s| (t, s)))
            .max_by_key(|&(t, s)| (s, std::cmp::Reverse(t)));
        if let Some((t, s)) = second
            && u64::from(s) * 100 >= u64::from(best_score) * u64::from(100 - race.min(100))
        {
            return (t, rate_of(probes, t));
        }
    }
    (best, best_rate)
}

/// A piece of an Expert search (a time budget) that one lane runs.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Piece {
    /// Probe the target ranked `target` (0: the most common colour) until the probes' share
    /// of the budget is spent.
    Probe {
        /// The target's rank.
        target: usize,
    },
    /// The lane's beams on `target` until the budget is spent, sized by the seconds per unit
    /// of width its probe measured.
    Beams {
        /// The lane (its beams' random choices are its own).
        lane: usize,
        /// The target's rank.
        target: usize,
        /// Seconds per unit of width measured on this board, if any.
        seconds_per_width: Option<f64>,
    },
}

/// What a piece found.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceFound {
    /// The best line the lane knows (checked on the rules engine).
    pub line: Line,
    /// How many targets the search ranks (1: none needs a probe).
    pub targets: usize,
    /// The probe's result, for a probe of a target that exists.
    pub probe: Option<ProbeResult>,
}

/// The page's side of an Expert search over lanes that share only messages.
#[derive(Clone, Debug)]
pub struct Coordinator {
    /// The next target to hand out for a probe.
    next_probe: usize,
    /// How many targets there are, once a lane has said.
    targets: Option<usize>,
    /// Each target's probe, once it has answered.
    probes: Vec<Option<ProbeResult>>,
    /// The best line any piece found.
    best: Line,
}

impl Coordinator {
    /// A coordinator that starts from `known`, the best line known (it never answers worse).
    pub fn new(known: Line) -> Coordinator {
        Coordinator {
            next_probe: 0,
            targets: None,
            probes: Vec::new(),
            best: known,
        }
    }

    /// The next piece for lane `lane`, free now: the next target's probe while any is left
    /// (or their number is not known yet), else the lane's beams on the best target known.
    pub fn next_piece(&mut self, lane: usize) -> Piece {
        let probing = match self.targets {
            None => true,
            Some(n) => n > 1 && self.next_probe < n,
        };
        if probing {
            self.next_probe += 1;
            return Piece::Probe {
                target: self.next_probe - 1,
            };
        }
        let (target, seconds_per_width) = best_target(&self.probes);
        Piece::Beams {
            lane,
            target,
            seconds_per_width,
        }
    }

    /// Takes what `piece` found.
    pub fn take(&mut self, piece: Piece, found: PieceFound) {
        let targets = found.targets.max(1);
        self.targets = Some(targets);
        self.probes.resize(targets, None);
        if let (Piece::Probe { target }, Some(probe)) = (piece, found.probe)
            && target < targets
        {
            self.probes[target] = Some(probe);
        }
        let first_line = self.best.moves.is_empty() && !found.line.moves.is_empty();
        if found.line.score > self.best.score || first_line {
            self.best = found.line;
        }
    }

    /// The best line found so far.
    pub fn best(&self) -> &Line {
        &self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(score: u32, seconds_per_width: Option<f64>) -> Option<ProbeResult> {
        Some(ProbeResult {
            score,
            seconds_per_width,
        })
    }

    /// A target probed several times ranks by the mean of its probes plus the spread's
    /// percent of their range, sized by the probes that ended; one probe ranks by itself.
    #[test]
    fn a_targets_probes_rank_it_by_their_mean_plus_a_share_of_their_range() {
        let ended = |score, seconds_per_width| ProbeResult {
            score,
            seconds_per_width,
        };
        assert_eq!(combine_probes(&[], 25), None);
        let one = [ended(1_500, Some(0.02))];
        assert_eq!(combine_probes(&one, 25), Some(one[0]));
        let two = [ended(1_000, Some(0.02)), ended(2_000, None)];
        // Mean 1,500, range 1,000.
        assert_eq!(combine_probes(&two, 25), Some(ended(1_750, Some(0.02))));
        assert_eq!(combine_probes(&two, 0).map(|p| p.score), Some(1_500));
        assert_eq!(combine_probes(&two, 50).map(|p| p.score), Some(2_000));
        let rated = [ended(1_000, Some(0.02)), ended(1_000, Some(0.04))];
        let rate = combine_probes(&rated, 25).and_then(|p| p.seconds_per_width);
        assert!(rate.is_some_and(|r| (r - 0.03).abs() < 1e-12), "{rate:?}");
    }

    #[test]
    fn lanes_take_the_best_probed_target_and_its_measured_speed() {
        let mut probes = vec![None; 4];
        assert_eq!(
            best_target(&probes),
            (0, None),
            "nothing probed: the most common colour"
        );
        probes[1] = probe(900, Some(0.02));
        probes[2] = probe(700, Some(0.04));
        assert_eq!(best_target(&probes), (1, Some(0.02)));
        // The best probe was cut short: its target still ranks first, sized by the others.
        probes[3] = probe(1_000, None);
        assert_eq!(best_target(&probes), (3, Some(0.03)));
        // A tie goes to the colour with more gems.
        probes[0] = probe(1_000, Some(0.01));
        assert_eq!(best_target(&probes).0, 0);
        assert_eq!(best_target(&[]), (0, None));
    }

    /// Racing: lane 1's first beam takes the second-best probe's target when it is within
    /// the margin, and once beams have ended every lane takes the target whose beams scored
    /// best; with no margin (0) the lanes take the best-probed target, as without racing.
    #[test]
    fn racing_lanes_split_their_first_beams_then_follow_the_best_beam() {
        let probes = vec![
            probe(2000, Some(0.01)),
            probe(2100, Some(0.02)),
            probe(1950, None),
            None,
        ];
        let none = [0; 4];
        assert_eq!(raced_target(&probes, &none, (0, true), 10), (1, Some(0.02)));
        // 2000 is within 10% of 2100 (and ahead of 1950): lane 1's first beam goes there.
        assert_eq!(raced_target(&probes, &none, (1, true), 10), (0, Some(0.01)));
        // Not within 4%; nor for a later beam, nor for lane 0.
        assert_eq!(raced_target(&probes, &none, (1, true), 4).0, 1);
        assert_eq!(raced_target(&probes, &none, (1, false), 10).0, 1);
        // Without racing, the best probe's target whatever the beams found.
        for lane in [(0, true), (1, true), (1, false)] {
            assert_eq!(
                raced_target(&probes, &[900, 0, 5000, 0], lane, 0),
                best_target(&probes)
            );
        }
        // Beams that ended: the best beam's target, its probe's rate (else the average).
        let beams = [3100, 3000, 0, 0];
        assert_eq!(
            raced_target(&probes, &beams, (0, false), 10),
            (0, Some(0.01))
        );
        assert_eq!(
            raced_target(&probes, &beams, (1, true), 10),
            (0, Some(0.01))
        );
        assert_eq!(
            raced_target(&probes, &[0, 0, 3200, 0], (1, false), 10),
            (2, Some(0.015))
        );
        // A tie between beams goes to the more common colour.
        assert_eq!(
            raced_target(&probes, &[3000, 3000, 0, 0], (0, false), 10).0,
            0
        );
    }

    #[test]
    fn the_coordinator_hands_out_each_probe_once_then_beams_on_the_best_target() {
        let mut c = Coordinator::new(Line::default());
        // Three lanes start before any says how many targets there are.
        let first: Vec<Piece> = (0..3).map(|lane| c.next_piece(lane)).collect();
        assert_eq!(
            first,
            (0..3)
                .map(|target| Piece::Probe { target })
                .collect::<Vec<_>>()
        );
        let line = |score| Line {
            moves: vec![],
            score,
        };
        // Four targets: one probe is left, then beams on the best.
        c.take(
            first[1],
            PieceFound {
                line: line(500),
                targets: 4,
                probe: probe(500, Some(0.02)),
            },
        );
        assert_eq!(c.next_piece(1), Piece::Probe { target: 3 });
        assert_eq!(
            c.next_piece(1),
            Piece::Beams {
                lane: 1,
                target: 1,
                seconds_per_width: Some(0.02)
            }
        );
        c.take(
            first[2],
            PieceFound {
                line: line(800),
                targets: 4,
                probe: probe(800, None),
            },
        );
        assert_eq!(c.best().score, 800);
        assert_eq!(
            c.next_piece(2),
            Piece::Beams {
                lane: 2,
                target: 2,
                seconds_per_width: Some(0.02)
            }
        );
        // A worse line never replaces the best.
        c.take(
            Piece::Beams {
                lane: 1,
                target: 1,
                seconds_per_width: None,
            },
            PieceFound {
                line: line(700),
                targets: 4,
                probe: None,
            },
        );
        assert_eq!(c.best().score, 800);
    }

    #[test]
    fn a_single_target_needs_no_probe() {
        let mut c = Coordinator::new(Line::default());
        let piece = c.next_piece(0);
        c.take(
            piece,
            PieceFound {
                line: Line::default(),
                targets: 1,
                probe: None,
            },
        );
        assert!(matches!(c.next_piece(1), Piece::Beams { target: 0, .. }));
    }
}

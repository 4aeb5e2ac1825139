//! The Expert's tuning: the parts of its beams, each of which can be switched off or
//! weighed otherwise (`gems-cli bench samegame --tuning …`), its defaults, and the tuning
//! a budget gets.

use std::time::Duration;

use super::MAX_WIDTH;
use crate::gems::beam::BeamConfig;
use crate::gems::bits::Rollout;
use crate::gems::expert::Budget;
use crate::gems::nrpa::{Codes, Nrpa};

/// The parts of the Expert's beams, each of which can be switched off to measure what it adds
/// (`gems-cli bench samegame --tuning …`), and whether long searches run NRPA instead.
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
    /// What a pair of neighbouring target gems is worth in the playouts' choice between
    /// drawn moves ([`Rollout::pairs`]).
    pub pairs: u32,
    /// Whether the beams try no move of the target colour while the playouts hold it back
    /// ([`BeamConfig::hold`]).
    pub hold: bool,
    /// Colours with fewer gems than this percent of the most common colour's are neither
    /// probed nor kept for last (0: every colour is): the big group a line ends with scores
    /// the square of its size, so a colour a fifth smaller than another is not worth its
    /// probe's time.
    pub probe_floor: u32,
    /// Whether a search on threads runs Nested Rollout Policy Adaptation ([`crate::gems::nrpa`])
    /// on every thread instead of the beams, under the Classic rules: set for time budgets of
    /// at least [`NRPA_FROM`], where it was measured stronger. NRPA has settings of its own:
    /// the beams' parts above do not change it.
    pub nrpa: bool,
    /// Percent of a search on threads (the desktop's time budgets below [`NRPA_FROM`], under
    /// the Classic rules) that each thread spends at the end refining its best line by NRPA
    /// ([`Nrpa::refine`]), 0 for none. Node budgets, a single lane (the browser's workers) and
    /// the other rules do not refine.
    ///
    /// [`Nrpa::refine`]: crate::gems::nrpa::Nrpa::refine
    pub refine: u32,
    /// The refining NRPA's adaptations of its policy towards the line before it starts.
    pub refine_adapts: u32,
    /// The most of the best line's first moves, in percent of its length, that a refining
    /// level-1 search keeps as they are (each search draws how many; 0: none).
    pub refine_cut: u32,
    /// The refining's playouts per level-1 adaptation (Stabilized NRPA).
    pub refine_stabilize: u32,
    /// The refining's rounds (adaptations) per level-1 search.
    pub refine_rounds: u32,
    /// Points a probe whose line clears the board is ranked up by, against probes whose
    /// lines do not (0: by score alone).
    pub probe_clear: u32,
    /// What a pair of neighbouring gems of another colour than the target is worth in the
    /// playouts' choice between drawn moves ([`Rollout::other_pairs`]; 0: nothing).
    pub other_pairs: u32,
    /// What a lone gem of the target colour costs in the playouts' choice, in 64ths of
    /// another colour's ([`Rollout::target_lone`]; 0: nothing).
    pub target_lone: u32,
    /// What a gem of another colour than the target with no neighbour of its colour but one
    /// diagonally next to it costs in the playouts' choice, in 64ths of a lone gem
    /// ([`Rollout::near_lone`]; 64: as much).
    pub near_lone: u32,
    /// The refining's prior on a move, in hundredths of an exponent of its group's size
    /// ([`Nrpa::bias`]; 0: none).
    pub refine_bias: u32,
    /// The refining's gradient step, in hundredths ([`Nrpa::alpha`]; 100: the literature's 1).
    pub refine_alpha: u32,
    /// How many of a thread's lines it refines, one after the other, each for its share of
    /// the refining's time (1: its best line only).
    pub refine_lines: u32,
    /// The refining's playouts play every colour alike once this many gems are left
    /// ([`Nrpa::release`]).
    pub refine_release: u32,
    /// The refining's level-1 searches between two fresh starts of its policy
    /// ([`Nrpa::restart`]; 0: never).
    pub refine_restart: u32,
    /// How the refining codes a move: by the cell its group starts at (0, the default), or by
    /// a hash of its group's cells (1; measured in the thirty-second session, level).
    pub refine_codes: u32,
    /// With [`Tuning::refine_lines`] above 1: the percent of the refining's time each line
    /// gets, the best line so far being refined for what is left (0: an equal share each).
    pub refine_each: u32,
    /// When above 0: at this percent of the refining's time every thread posts its best
    /// line, and a thread whose line is behind the best posted refines that one instead for
    /// the rest (0, the default: each thread refines its own to the end).
    pub refine_join: u32,
    /// When above 0, the threads race the two best-probed targets: when the second's probe
    /// scored within this percent of the best's, the second thread's first beam goes to it,
    /// and every later beam goes to the target whose beams have found the best line so far
    /// ([`crate::gems::lanes::raced_target`]; 0, the default: every beam on the best-probed
    /// target).
    pub race: u32,
    /// Probes each target gets on threads, each [`Tuning::probe_width`] divided by this wide
    /// and with its own random choices (1, the default: one probe per target; two were
    /// measured behind at 5 s per board, see docs/games/modern_gems_ai.md).
    pub probe_samples: u32,
    /// With [`Tuning::probe_samples`] above 1: a target ranks by its probes' mean score plus
    /// this percent of their range (the spread between the best and the worst), since a
    /// target whose probes differ most has the most to gain from the main beams' width.
    pub probe_spread: u32,
}

impl Tuning {
    /// The configuration of a beam of `width` keeping colour `target` for last: its
    /// playouts' [`Rollout`] and the beam's parts from this tuning.
    pub fn beam_config(&self, width: usize, target: usize) -> BeamConfig {
        BeamConfig {
            width,
            playouts: self.playouts,
            rollout: Rollout {
                target,
                release: self.release,
                avoid_lone: self.avoid_lone,
                choices: self.choices,
                pairs: self.pairs,
                other_pairs: self.other_pairs,
                target_lone: self.target_lone,
                near_lone: self.near_lone,
            },
            inherit: self.inherit,
            hold: self.hold,
        }
    }

    /// The NRPA that refines each thread's line under this tuning ([`Tuning::refine`]):
    /// [`Tuning::refine_stabilize`] playouts per level-1 adaptation, [`Tuning::refine_rounds`]
    /// adaptations per level-1 search, [`Tuning::refine_adapts`] first adaptations towards
    /// the line, [`Tuning::refine_cut`].
    pub fn refiner(&self) -> Nrpa {
        Nrpa {
            stabilize: self.refine_stabilize.max(1),
            iterations: self.refine_rounds.max(1),
            seed_adapts: self.refine_adapts,
            cut: self.refine_cut,
            bias: self.refine_bias,
            alpha: self.refine_alpha.max(1) as f32 / 100.0,
            release: self.refine_release,
            restart: self.refine_restart,
            codes: if self.refine_codes > 0 {
                Codes::Groups
            } else {
                Codes::Cells
            },
            ..Nrpa::default()
        }
    }
}

/// The shortest time budget for which the Expert, on threads, searches by NRPA instead of
/// beams (measured: see docs/games/modern_gems_ai.md).
pub const NRPA_FROM: Duration = Duration::from_secs(20);

impl Default for Tuning {
    /// Four moves drawn, no lone gems, the target's pairs worth half a lone gem, the other
    /// colours' pairs 12/64 of one and the target's own lone gems costing 16/64 of one, every
    /// colour alike from 72 gems (the beams too hold the target until then), inheritance, probes 48 wide within 30% of the budget of the colours
    /// with at least 80% of the most common one's gems, two beams per lane, and on threads the
    /// last 35% of the time refining each thread's best line by NRPA, its policy first adapted
    /// twice towards it, each of its searches keeping up to 40% of the line's first moves as
    /// they are.
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
            pairs: 32,
            hold: true,
            probe_floor: 80,
            nrpa: false,
            refine: 35,
            refine_adapts: 2,
            refine_cut: 40,
            refine_stabilize: 2,
            refine_rounds: 100,
            probe_clear: 0,
            other_pairs: 12,
            target_lone: 16,
            near_lone: 64,
            refine_bias: 0,
            refine_alpha: 100,
            refine_lines: 1,
            refine_release: 72,
            refine_restart: 0,
            refine_codes: 0,
            refine_each: 0,
            refine_join: 0,
            race: 0,
            probe_samples: 1,
            probe_spread: 25,
        }
    }
}

impl Tuning {
    /// The tuning for a search of `budget`: the default, whose wide probes were measured
    /// ahead at 2 s per board and level at 5 s, for searches of at least 2 s or 1,500,000
    /// nodes; shorter ones (a move, a hint, the browser's moves, and the node-budget
    /// comparisons of the AI doc) play [`Tuning::short`]. Time budgets from [`NRPA_FROM`] run
    /// NRPA on threads.
    pub fn for_budget(budget: Budget) -> Tuning {
        let long = match budget {
            Budget::Time(d) => d >= Duration::from_secs(2),
            Budget::Nodes(n) => n >= 1_500_000,
        };
        if long {
            Tuning {
                nrpa: matches!(budget, Budget::Time(d) if d >= NRPA_FROM),
                ..Tuning::default()
            }
        } else {
            Tuning::short()
        }
    }

    /// The tuning of searches under 2 s or 1,500,000 nodes: the probes 12 wide within 15% of
    /// the budget, as every search did before the wide probes were measured, and a lone gem
    /// with a twin of its colour diagonally next to it costing half a lone gem in the
    /// playouts' choice (measured ahead at 100,000 nodes and at 1 s per board, not at 5 s:
    /// see docs/games/modern_gems_ai.md).
    pub fn short() -> Tuning {
        Tuning {
            near_lone: 32,
            ..Tuning::default().with_probes(12, 15)
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
    pub(super) fn probe_beam_width(&self) -> usize {
        (self.probe_width as usize).clamp(1, MAX_WIDTH)
    }

    /// The width of each of a target's [`Tuning::probe_samples`] probes on threads.
    pub(super) fn probe_sample_width(&self) -> usize {
        (self.probe_beam_width() / self.probe_samples.max(1) as usize).max(1)
    }

    /// The share of the budget the probes may take (from 0 to 1).
    pub(in crate::gems::expert) fn probe_fraction(&self) -> f64 {
        f64::from(self.probe_share.min(100)) / 100.0
    }
}

//! The Expert's time-budget searches over several lanes that share only messages: the
//! browser's AI workers (`navigator.hardwareConcurrency` − 1 of them), or threads carrying the
//! same texts in tests. The rules crate's [`Coordinator`] hands each free lane its next piece
//! (a target's probe while any is left, then the lane's beams on the best target known) and
//! keeps the best line; this module carries the pieces to the lanes and the answers back. The
//! job answers, like a search on one lane, with the best line once every lane's beams have
//! ended; dropping it drops every lane (a worker is terminated).

use bevy::platform::time::Instant;
use gems_rules::cancel::Progress;
use gems_rules::gems::lanes::{Coordinator, Piece};
use gems_rules::gems::{Budget, Line, Player, RemovalPolicy};
use std::time::Duration;

use super::{Answer, Job};

/// Where one piece runs: posted as a job, its answer polled.
pub(super) trait Lane: Sized + Send + Sync {
    /// Starts `job` on a lane of its own.
    fn post(job: &Job) -> Self;
    /// The job's answer, once it is there.
    fn poll(&mut self) -> Option<Answer>;
    /// The job's progress, as it last reported it.
    fn progress(&self) -> Option<Progress>;
}

/// An Expert search split over lanes `L`.
pub(super) struct Split<L: Lane> {
    coordinator: Coordinator,
    board: String,
    policy: RemovalPolicy,
    budget: Duration,
    plan: Option<Line>,
    started: Instant,
    /// Each lane's running piece; `None` once its beams have answered.
    lanes: Vec<Option<(L, Piece)>>,
    /// Why a lane's piece was refused, if one was.
    refused: Option<String>,
}

impl<L: Lane> Split<L> {
    /// `job` split over `lanes` lanes: the Expert's line within a time budget, with at least
    /// two lanes; `None` for any other job (it runs on one lane).
    pub(super) fn start(job: &Job, lanes: usize) -> Option<Split<L>> {
        let Job::GemsLine {
            board,
            policy,
            player: Player::Expert,
            budget: Budget::Time(budget),
            plan,
        } = job
        else {
            return None;
        };
        if lanes < 2 {
            return None;
        }
        let mut split = Split {
            coordinator: Coordinator::new(plan.clone().unwrap_or_default()),
            board: board.clone(),
            policy: *policy,
            budget: *budget,
            plan: plan.clone(),
            started: Instant::now(),
            lanes: Vec::with_capacity(lanes),
            refused: None,
        };
        for lane in 0..lanes {
            let next = split.post(lane);
            split.lanes.push(Some(next));
        }
        Some(split)
    }

    /// Posts lane `lane`'s next piece.
    fn post(&mut self, lane: usize) -> (L, Piece) {
        let piece = self.coordinator.next_piece(lane);
        let job = Job::GemsPiece {
            board: self.board.clone(),
            policy: self.policy,
            budget: self.budget,
            plan: self.plan.clone(),
            piece,
            elapsed_ms: self.started.elapsed().as_millis() as u64,
        };
        (L::post(&job), piece)
    }

    /// The search's progress: the best score any lane has found, the line kept so far
    /// included (none before there is a score to show).
    pub(super) fn progress(&self) -> Option<Progress> {
        let score = self.coordinator.best().score;
        let kept = (score > 0).then_some(Progress::Score(score));
        let lanes = self
            .lanes
            .iter()
            .flatten()
            .filter_map(|(lane, _)| lane.progress());
        lanes.fold(kept, |seen, p| Some(seen.map_or(p, |s| s.combine(p))))
    }

    /// Collects the lanes' answers and hands out their next pieces; the best line once every
    /// lane has ended.
    pub(super) fn poll(&mut self) -> Option<Answer> {
        for lane in 0..self.lanes.len() {
            let Some((running, piece)) = &mut self.lanes[lane] else {
                continue;
            };
            let piece = *piece;
            let Some(answer) = running.poll() else {
                continue;
            };
            match answer {
                Answer::GemsPiece(found) => self.coordinator.take(piece, found),
                // A refused piece (logged where it ran) ends its lane.
                other => {
                    if let Answer::Refused(why) = other {
                        self.refused = Some(why);
                    }
                    self.lanes[lane] = None;
                    continue;
                }
            }
            self.lanes[lane] = match piece {
                Piece::Probe { .. } => Some(self.post(lane)),
                Piece::Beams { .. } => None,
            };
        }
        if self.lanes.iter().any(Option::is_some) {
            return None;
        }
        let best = self.coordinator.best();
        // Nothing found because the lanes were refused (their workers failed): a refusal,
        // not an empty line that would read as the Expert's.
        Some(match &self.refused {
            Some(why) if best.moves.is_empty() => Answer::Refused(why.clone()),
            _ => Answer::Line(best.clone()),
        })
    }
}

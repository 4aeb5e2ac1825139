//! The journal's words: every game's moves as short lines of text, typed here once.
//!
//! A game in progress is saved as its setup and its journal (the moves, undos and redos in
//! order), and a daily's result is sent to a leaderboard as its moves; both are these words,
//! written by [`std::fmt::Display`] and read by [`std::str::FromStr`], so the game that
//! writes them, the resume that reads them and the server that replays them agree.
//!
//! | Game | Words |
//! |---|---|
//! | Modern Gems | `m ROW,COL` (a move), `P RULE` (the rules changed) |
//! | Dots | `p X,Y X,Y …` (a path removed), `s X,Y …` (a path drawn, not yet removed) |
//! | K in a row | `h ROW,COL` (the person's tile), `c ROW,COL` (the computer's) |
//! | Solo Red | `v CARD` (to the canvas), `p PALETTE CARD` (to a palette), `a` (autoplay on) |
//! | Grid Duel | `k`, `g`, `rN` (keep, new grid, new row N), `c` (the computer), `x` (a tie's new game) |
//!
//! `u` and `r` are an undo and a redo in every game.

use std::fmt;
use std::str::FromStr;

use crate::dots::Point;
use crate::gems::{Cell, RemovalPolicy};
use crate::grid_duel::{Choice, GRIDS_PER_TURN};
use crate::k_in_a_row::{Move, Side};

/// Why a journal line is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{line}' is not {expected}")]
pub struct StepError {
    /// The line.
    pub line: String,
    /// What it should have been.
    pub expected: &'static str,
}

impl StepError {
    fn new(line: &str, expected: &'static str) -> StepError {
        StepError {
            line: line.to_string(),
            expected,
        }
    }
}

/// An undo (`u`) or a redo (`r`): the same two words in every game.
fn history_step(line: &str) -> Option<bool> {
    match line {
        "u" => Some(true),
        "r" => Some(false),
        _ => None,
    }
}

/// Two numbers written `A,B`.
fn pair(text: &str) -> Option<(usize, usize)> {
    let (a, b) = text.split_once(',')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// A Modern Gems journal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GemsStep {
    /// The group at a cell is removed.
    Move(Cell),
    /// The removal rules change (from the next move on).
    Policy(RemovalPolicy),
    /// An undo (`true`) or a redo.
    History(bool),
    /// The player asked for a hint (the game is then no longer unaided).
    Hint,
}

impl fmt::Display for GemsStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GemsStep::Move(c) => write!(f, "m {},{}", c.row, c.col),
            GemsStep::Policy(p) => write!(f, "P {}", p.short_name()),
            GemsStep::History(undo) => f.write_str(if *undo { "u" } else { "r" }),
            GemsStep::Hint => f.write_str("h"),
        }
    }
}

impl FromStr for GemsStep {
    type Err = StepError;

    fn from_str(line: &str) -> Result<Self, StepError> {
        let bad = || StepError::new(line, "a move (m ROW,COL), a rule (P NAME), u, r or h");
        if let Some(undo) = history_step(line) {
            return Ok(GemsStep::History(undo));
        }
        if line == "h" {
            return Ok(GemsStep::Hint);
        }
        match line.split_once(' ').ok_or_else(bad)? {
            ("m", at) => pair(at)
                .map(|(r, c)| GemsStep::Move(Cell::new(r, c)))
                .ok_or_else(bad),
            ("P", name) => RemovalPolicy::from_name(name)
                .map(GemsStep::Policy)
                .ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

/// A Dots journal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DotsStep {
    /// A path removed, as a move.
    Play(Vec<Point>),
    /// A path drawn and not yet removed (only as a journal's last line).
    Select(Vec<Point>),
    /// An undo (`true`) or a redo.
    History(bool),
}

impl fmt::Display for DotsStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, path) = match self {
            DotsStep::Play(path) => ("p", path),
            DotsStep::Select(path) => ("s", path),
            DotsStep::History(undo) => return f.write_str(if *undo { "u" } else { "r" }),
        };
        f.write_str(word)?;
        path.iter().try_for_each(|p| write!(f, " {},{}", p.x, p.y))
    }
}

impl FromStr for DotsStep {
    type Err = StepError;

    fn from_str(line: &str) -> Result<Self, StepError> {
        let bad = || StepError::new(line, "a path (p X,Y X,Y …), u or r");
        if let Some(undo) = history_step(line) {
            return Ok(DotsStep::History(undo));
        }
        let (word, path) = line.split_once(' ').ok_or_else(bad)?;
        let path = path
            .split(' ')
            .map(|p| pair(p).map(|(x, y)| Point::new(x, y)))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?;
        match word {
            "p" => Ok(DotsStep::Play(path)),
            "s" => Ok(DotsStep::Select(path)),
            _ => Err(bad()),
        }
    }
}

/// A K in a row journal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KStep {
    /// A tile placed by a side.
    Place(Side, Move),
    /// An undo (`true`) or a redo.
    History(bool),
}

impl fmt::Display for KStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KStep::Place(side, mv) => {
                let who = if *side == Side::Human { 'h' } else { 'c' };
                write!(f, "{who} {},{}", mv.row, mv.col)
            }
            KStep::History(undo) => f.write_str(if *undo { "u" } else { "r" }),
        }
    }
}

impl FromStr for KStep {
    type Err = StepError;

    fn from_str(line: &str) -> Result<Self, StepError> {
        let bad = || StepError::new(line, "a tile (h ROW,COL or c ROW,COL), u or r");
        if let Some(undo) = history_step(line) {
            return Ok(KStep::History(undo));
        }
        let (who, at) = line.split_once(' ').ok_or_else(bad)?;
        let side = match who {
            "h" => Side::Human,
            "c" => Side::Computer,
            _ => return Err(bad()),
        };
        let (r, c) = pair(at).ok_or_else(bad)?;
        Ok(KStep::Place(side, Move::new(r, c)))
    }
}

/// A Solo Red journal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloRedStep {
    /// Hand card `i` to the canvas.
    Canvas(usize),
    /// Hand card `card` to palette `palette`, ending the turn.
    Palette {
        /// The palette (0-based).
        palette: usize,
        /// The hand card (0-based).
        card: usize,
    },
    /// Autoplay switched on: the computer plays from here.
    Autoplay,
    /// An undo (`true`) or a redo.
    History(bool),
}

impl fmt::Display for SoloRedStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoloRedStep::Canvas(i) => write!(f, "v {i}"),
            SoloRedStep::Palette { palette, card } => write!(f, "p {palette} {card}"),
            SoloRedStep::Autoplay => f.write_str("a"),
            SoloRedStep::History(undo) => f.write_str(if *undo { "u" } else { "r" }),
        }
    }
}

impl FromStr for SoloRedStep {
    type Err = StepError;

    fn from_str(line: &str) -> Result<Self, StepError> {
        let bad = || StepError::new(line, "a play (v CARD, p PALETTE CARD), a, u or r");
        if let Some(undo) = history_step(line) {
            return Ok(SoloRedStep::History(undo));
        }
        let mut words = line.split(' ');
        let word = words.next().ok_or_else(bad)?;
        let numbers = words
            .map(|n| n.parse::<usize>().ok())
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?;
        match (word, &numbers[..]) {
            ("v", &[i]) => Ok(SoloRedStep::Canvas(i)),
            ("p", &[palette, card]) => Ok(SoloRedStep::Palette { palette, card }),
            ("a", []) => Ok(SoloRedStep::Autoplay),
            _ => Err(bad()),
        }
    }
}

/// A Grid Duel journal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelStep {
    /// The person's choice for the grid dealt to them.
    Choose(Choice),
    /// The computer plays its turn, choosing as its rules say (journals written before the
    /// computer's choices were recorded).
    Computer,
    /// The computer played its turn with these choices (its search runs apart from the
    /// rules, so a resume replays what it chose; a daily's replay checks that they are its
    /// own).
    ComputerChose([Choice; GRIDS_PER_TURN]),
    /// After a tie, the new game.
    Tie,
    /// An undo (`true`) or a redo.
    History(bool),
}

impl fmt::Display for DuelStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelStep::Choose(choice) => write_choice(f, *choice),
            DuelStep::Computer => f.write_str("c"),
            DuelStep::ComputerChose(choices) => {
                f.write_str("c")?;
                for choice in choices {
                    f.write_str(":")?;
                    write_choice(f, *choice)?;
                }
                Ok(())
            }
            DuelStep::Tie => f.write_str("x"),
            DuelStep::History(undo) => f.write_str(if *undo { "u" } else { "r" }),
        }
    }
}

/// A choice as a journal writes it: `k`, `g` or `rN`.
fn write_choice(f: &mut fmt::Formatter<'_>, choice: Choice) -> fmt::Result {
    match choice {
        Choice::Keep => f.write_str("k"),
        Choice::RegenerateGrid => f.write_str("g"),
        Choice::RegenerateRow(n) => write!(f, "r{n}"),
    }
}

/// The choice `k`, `g` or `rN` stands for.
fn read_choice(text: &str) -> Option<Choice> {
    match text {
        "k" => Some(Choice::Keep),
        "g" => Some(Choice::RegenerateGrid),
        row => row
            .strip_prefix('r')
            .and_then(|n| n.parse().ok())
            .map(Choice::RegenerateRow),
    }
}

impl FromStr for DuelStep {
    type Err = StepError;

    fn from_str(line: &str) -> Result<Self, StepError> {
        if let Some(undo) = history_step(line) {
            return Ok(DuelStep::History(undo));
        }
        let bad = || StepError::new(line, "k, g, rN, c, c:CHOICE:CHOICE, x, u or r");
        match line {
            "c" => Ok(DuelStep::Computer),
            "x" => Ok(DuelStep::Tie),
            _ => match line.strip_prefix("c:") {
                Some(choices) => {
                    let choices: Vec<Choice> = choices
                        .split(':')
                        .map(read_choice)
                        .collect::<Option<_>>()
                        .ok_or_else(bad)?;
                    let choices = choices.try_into().map_err(|_| bad())?;
                    Ok(DuelStep::ComputerChose(choices))
                }
                None => read_choice(line).map(DuelStep::Choose).ok_or_else(bad),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T>(lines: &[&str])
    where
        T: FromStr<Err = StepError> + fmt::Display + fmt::Debug,
    {
        for line in lines {
            let step: T = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(step.to_string(), *line);
        }
    }

    #[test]
    fn journal_lines_read_back_as_written() {
        round_trip::<GemsStep>(&["m 3,14", "P chained", "u", "r", "h"]);
        round_trip::<DotsStep>(&["p 0,0 1,0 1,1 0,1 0,0", "s 2,3", "u"]);
        round_trip::<KStep>(&["h 7,7", "c 6,8", "r"]);
        round_trip::<SoloRedStep>(&["v 3", "p 2 0", "a", "u"]);
        round_trip::<DuelStep>(&["k", "g", "r9", "c", "c:k:r3", "c:r9:g", "x", "u", "r"]);
    }

    #[test]
    fn journal_rejects_lines_that_are_no_move() {
        for line in ["", "m", "m 3", "m a,b", "P nonsense", "m  3,4", "m 3,4 "] {
            assert!(line.parse::<GemsStep>().is_err(), "{line:?}");
        }
        for line in ["p", "p ", "p 1,2,", "q 1,2", "p 1,2  3,4"] {
            assert!(line.parse::<DotsStep>().is_err(), "{line:?}");
        }
        for line in ["h", "x 1,2", "h 1", "c -1,2"] {
            assert!(line.parse::<KStep>().is_err(), "{line:?}");
        }
        for line in ["v", "v 1 2", "p 1", "a 1", "w 1"] {
            assert!(line.parse::<SoloRedStep>().is_err(), "{line:?}");
        }
        for line in [
            "", "r", "rx", "K", "cc", "c:", "c:k", "c:k:k:k", "c:k:z", "c k k",
        ] {
            let parsed = line.parse::<DuelStep>();
            // `r` alone is a redo.
            assert_eq!(parsed.is_ok(), line == "r", "{line:?}");
        }
    }
}

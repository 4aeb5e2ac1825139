//! The n×n board of coloured dots: selection legality, closed shapes, removal, gravity, refill.

use std::fmt;

use rand::{Rng, RngExt};

use super::error::DotsError;

/// Smallest board side.
pub const MIN_SIZE: usize = 3;
/// Largest board side.
pub const MAX_SIZE: usize = 12;
/// Fewest colours.
pub const MIN_COLORS: u8 = 2;
/// Most colours (one digit each in the board text format).
pub const MAX_COLORS: u8 = crate::MAX_KINDS;
/// The spec's `NUM_COLORS`.
pub const DEFAULT_COLORS: u8 = 5;
/// Largest board file `--analyse` reads.
pub const MAX_BOARD_FILE_BYTES: u64 = 4096;

/// A dot's place: `x` is the column (0 at the left), `y` the row (0 at the top).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column, 0 at the left.
    pub x: usize,
    /// Row, 0 at the top.
    pub y: usize,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: usize, y: usize) -> Self {
        Self { x, y }
    }

    /// True when the two points share a side (up, down, left, right).
    pub fn is_adjacent(self, other: Point) -> bool {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y) == 1
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One surviving dot moved down by gravity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fall {
    /// Where it was.
    pub from: Point,
    /// Where it landed: the same column, a lower row (larger `y`).
    pub to: Point,
}

/// What one removal did, in the order it happened, for scores and animation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The selection was a closed shape, so every dot of its colour went.
    pub closed: bool,
    /// The selection's colour.
    pub color: u8,
    /// Every removed dot (row-major order); its length is the points scored.
    pub removed: Vec<Point>,
    /// Surviving dots that fell, column by column.
    pub falls: Vec<Fall>,
    /// New dots at their final places with their colours, column by column, top first. Their
    /// number equals `removed.len()`.
    pub refills: Vec<(Point, u8)>,
}

/// True when `selection` is a closed shape: at least 4 dots and the last one is adjacent to at
/// least 2 selected dots (spec, `isClosedShape`; the order matters, Fig 4).
pub fn is_closed_shape(selection: &[Point]) -> bool {
    let Some((&last, rest)) = selection.split_last() else {
        return false;
    };
    selection.len() >= 4 && rest.iter().filter(|p| p.is_adjacent(last)).count() >= 2
}

/// An n×n grid of dot colours `1..=colors`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    colors: u8,
    cells: Vec<u8>,
}

fn check_size(size: usize) -> Result<(), DotsError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(DotsError::BadSize {
            size,
            min: MIN_SIZE,
            max: MAX_SIZE,
        })
    }
}

fn check_colors(colors: u8) -> Result<(), DotsError> {
    if (MIN_COLORS..=MAX_COLORS).contains(&colors) {
        Ok(())
    } else {
        Err(DotsError::BadColors {
            colors,
            min: MIN_COLORS,
            max: MAX_COLORS,
        })
    }
}

impl Board {
    /// A board of random dots (spec, `Board(int size)`); a bad size or colour count is an error.
    pub fn random<R: Rng + ?Sized>(
        size: usize,
        colors: u8,
        rng: &mut R,
    ) -> Result<Self, DotsError> {
        check_size(size)?;
        check_colors(colors)?;
        let cells = (0..size * size)
            .map(|_| rng.random_range(1..=colors))
            .collect();
        Ok(Self {
            size,
            colors,
            cells,
        })
    }

    /// A board from rows of colours (`rows[y][x]`), each in `1..=colors`.
    pub fn from_rows(rows: &[Vec<u8>], colors: u8) -> Result<Self, DotsError> {
        check_size(rows.len())?;
        check_colors(colors)?;
        let size = rows.len();
        let mut cells = Vec::with_capacity(size * size);
        for (y, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(DotsError::Parse {
                    line: y + 1,
                    message: format!("{} dots, expected {size}", row.len()),
                });
            }
            for &c in row {
                if !(1..=colors).contains(&c) {
                    return Err(DotsError::Parse {
                        line: y + 1,
                        message: format!("colour {c} is outside 1..={colors}"),
                    });
                }
                cells.push(c);
            }
        }
        Ok(Self {
            size,
            colors,
            cells,
        })
    }

    /// Reads n lines of n colour digits (1-based). Blank lines and surrounding spaces are
    /// ignored; the colour count is the largest digit (at least [`MIN_COLORS`]).
    pub fn parse(text: &str) -> Result<Self, DotsError> {
        let mut rows = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let row = line
                .chars()
                .map(|ch| match ch.to_digit(10) {
                    Some(d) if d >= 1 => Ok(d as u8),
                    _ => Err(DotsError::Parse {
                        line: i + 1,
                        message: format!("'{ch}' is not a colour digit 1-9"),
                    }),
                })
                .collect::<Result<Vec<u8>, _>>()?;
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(DotsError::Parse {
                line: 0,
                message: "no rows".to_string(),
            });
        }
        let colors = rows
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(1)
            .max(MIN_COLORS);
        Self::from_rows(&rows, colors)
    }

    /// Side length n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of colours dots are drawn from.
    pub fn colors(&self) -> u8 {
        self.colors
    }

    /// True when `p` lies on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    /// The colour at `p` (which must be on the board).
    pub fn get(&self, p: Point) -> u8 {
        self.cells[p.y * self.size + p.x]
    }

    fn set(&mut self, p: Point, c: u8) {
        self.cells[p.y * self.size + p.x] = c;
    }

    /// Every point, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| Point::new(x, y)))
    }

    /// The on-board neighbours of `p` (up, down, left, right).
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let cand = [
            (p.x.wrapping_sub(1), p.y),
            (p.x + 1, p.y),
            (p.x, p.y.wrapping_sub(1)),
            (p.x, p.y + 1),
        ];
        cand.into_iter()
            .map(|(x, y)| Point::new(x, y))
            .filter(|q| self.contains(*q))
    }

    /// How many dots have colour `c`.
    pub fn count(&self, c: u8) -> usize {
        self.cells.iter().filter(|&&d| d == c).count()
    }

    /// True when some two adjacent dots share a colour (spec, `canMakeMove`).
    pub fn can_make_move(&self) -> bool {
        self.points().any(|p| {
            let right = Point::new(p.x + 1, p.y);
            let down = Point::new(p.x, p.y + 1);
            (self.contains(right) && self.get(right) == self.get(p))
                || (self.contains(down) && self.get(down) == self.get(p))
        })
    }

    /// True when `p` may extend `selection`: on the board, not selected, and either nothing is
    /// selected or it is adjacent to the last selected dot and the same colour.
    pub fn can_extend(&self, selection: &[Point], p: Point) -> bool {
        if !self.contains(p) || selection.contains(&p) {
            return false;
        }
        match selection.last() {
            None => true,
            Some(&last) => last.is_adjacent(p) && self.get(last) == self.get(p),
        }
    }

    /// Checks that `selection` is a legal selection order of at least 2 dots.
    pub fn check_selection(&self, selection: &[Point]) -> Result<(), DotsError> {
        if selection.len() < 2 {
            return Err(DotsError::CantRemove {
                selected: selection.len(),
            });
        }
        for (i, &p) in selection.iter().enumerate() {
            if !self.can_extend(&selection[..i], p) {
                return Err(DotsError::IllegalSelection(format!(
                    "dot {} at {p} does not extend the selection",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    /// How many dots removing the legal `selection` takes away (a closed shape takes its colour).
    pub fn removal_count(&self, selection: &[Point]) -> usize {
        if is_closed_shape(selection) {
            self.count(self.get(selection[0]))
        } else {
            selection.len()
        }
    }

    /// Removes the selection (or its whole colour when it is a closed shape), drops the dots
    /// above the holes and fills each column's holes from the top with dots drawn from `rng`,
    /// column by column (left to right), top row first (spec, `removeSelectedDots`,
    /// `dropRemainingDots`, `fillRemovedDots`).
    pub fn remove<R: Rng + ?Sized>(
        &mut self,
        selection: &[Point],
        rng: &mut R,
    ) -> Result<Outcome, DotsError> {
        self.check_selection(selection)?;
        let color = self.get(selection[0]);
        let closed = is_closed_shape(selection);
        let mut gone = vec![false; self.size * self.size];
        if closed {
            for (i, c) in self.cells.iter().enumerate() {
                gone[i] = *c == color;
            }
        } else {
            for p in selection {
                gone[p.y * self.size + p.x] = true;
            }
        }
        let removed: Vec<Point> = self
            .points()
            .filter(|p| gone[p.y * self.size + p.x])
            .collect();
        let mut falls = Vec::new();
        let mut refills = Vec::new();
        for x in 0..self.size {
            // Walk up the column, packing survivors at the bottom.
            let mut write = self.size;
            for y in (0..self.size).rev() {
                if !gone[y * self.size + x] {
                    write -= 1;
                    if write != y {
                        let c = self.get(Point::new(x, y));
                        self.set(Point::new(x, write), c);
                        falls.push(Fall {
                            from: Point::new(x, y),
                            to: Point::new(x, write),
                        });
                    }
                }
            }
            for y in 0..write {
                let c = rng.random_range(1..=self.colors);
                self.set(Point::new(x, y), c);
                refills.push((Point::new(x, y), c));
            }
        }
        Ok(Outcome {
            closed,
            color,
            removed,
            falls,
            refills,
        })
    }
}

impl fmt::Display for Board {
    /// n lines of n colour digits, the format [`Board::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.size) {
            for c in row {
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

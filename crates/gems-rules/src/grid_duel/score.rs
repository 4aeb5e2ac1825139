//! The spec's points: horizontal, vertical, bonus and rare, and a grid's total
//! `vertical − horizontal + bonus + rare`.

use super::grid::{Grid, SIZE};

/// A digit appearing this many times or more in a grid earns its square as bonus points.
pub const BONUS_COUNT: usize = 15;
/// Points for each 3×3 box holding all nine digits.
pub const RARE_POINTS: i32 = 100;

/// Each maximal run of two or more equal adjacent digits, as `(start, length, digit)`.
pub fn runs(line: &[u8]) -> Vec<(usize, usize, u8)> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < line.len() {
        let mut end = start + 1;
        while end < line.len() && line[end] == line[start] {
            end += 1;
        }
        if end - start >= 2 {
            out.push((start, end - start, line[start]));
        }
        start = end;
    }
    out
}

/// Horizontal points of one row: each run of 2+ equal adjacent digits scores digit × length
/// (`4 4 7 2 4 7 7 7 2` scores 4×2 + 7×3 = 29).
pub fn row_points(row: &[u8]) -> i32 {
    runs(row)
        .iter()
        .map(|&(_, len, d)| i32::from(d) * len as i32)
        .sum()
}

/// Vertical points of one column: each run of 2+ equal adjacent digits scores
/// length × (digit + 1).
pub fn column_points(col: &[u8]) -> i32 {
    runs(col)
        .iter()
        .map(|&(_, len, d)| (i32::from(d) + 1) * len as i32)
        .sum()
}

/// How many times each digit appears: `counts[d]` for d in 1..=9 (index 0 unused).
pub fn digit_counts(grid: &Grid) -> [usize; 10] {
    let mut counts = [0; 10];
    for &d in grid.rows().iter().flatten() {
        counts[usize::from(d)] += 1;
    }
    counts
}

/// The digits appearing 15 or more times, each scoring its square.
pub fn bonus_digits(grid: &Grid) -> Vec<u8> {
    let counts = digit_counts(grid);
    (1..=9u8)
        .filter(|&d| counts[usize::from(d)] >= BONUS_COUNT)
        .collect()
}

/// Bonus points: the sum of the squares of the digits appearing 15 or more times.
pub fn bonus_points(grid: &Grid) -> i32 {
    bonus_digits(grid)
        .iter()
        .map(|&d| i32::from(d) * i32::from(d))
        .sum()
}

/// Whether the 3×3 box at box row `br`, box column `bc` (each 0..3) holds all nine digits.
pub fn box_is_complete(grid: &Grid, br: usize, bc: usize) -> bool {
    let mut seen = [false; 10];
    for r in 3 * br..3 * br + 3 {
        for c in 3 * bc..3 * bc + 3 {
            seen[usize::from(grid.get(r, c))] = true;
        }
    }
    seen[1..].iter().all(|&s| s)
}

/// The complete 3×3 boxes as `(box row, box column)`, each 0..3.
pub fn rare_boxes(grid: &Grid) -> Vec<(usize, usize)> {
    (0..3)
        .flat_map(|br| (0..3).map(move |bc| (br, bc)))
        .filter(|&(br, bc)| box_is_complete(grid, br, bc))
        .collect()
}

/// Every kind of points of one grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Breakdown {
    /// Horizontal points of each row, top to bottom.
    pub rows: [i32; SIZE],
    /// Vertical points of each column, left to right.
    pub columns: [i32; SIZE],
    /// Sum of the rows' points (subtracted).
    pub horizontal: i32,
    /// Sum of the columns' points (added).
    pub vertical: i32,
    /// Squares of the digits appearing 15+ times.
    pub bonus: i32,
    /// 100 per complete 3×3 box.
    pub rare: i32,
}

impl Breakdown {
    /// The grid's points: vertical − horizontal + bonus + rare.
    pub fn total(&self) -> i32 {
        self.vertical - self.horizontal + self.bonus + self.rare
    }
}

/// Scores a grid by the spec's four rules.
pub fn score(grid: &Grid) -> Breakdown {
    let rows: [i32; SIZE] = std::array::from_fn(|r| row_points(&grid.row(r)));
    let columns: [i32; SIZE] = std::array::from_fn(|c| column_points(&grid.column(c)));
    Breakdown {
        rows,
        columns,
        horizontal: rows.iter().sum(),
        vertical: columns.iter().sum(),
        bonus: bonus_points(grid),
        rare: RARE_POINTS * rare_boxes(grid).len() as i32,
    }
}

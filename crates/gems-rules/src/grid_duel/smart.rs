//! The smart computer's arithmetic: the exact expected points of a grid after one of its rows is
//! replaced by nine fresh uniform digits.
//!
//! By linearity of expectation each kind of points is taken separately, all exactly:
//! - vertical: each column depends only on its new cell, so average the column over the 9 digits;
//! - horizontal: a run of length L of digit d scores d·L, i.e. each cell scores its digit when it
//!   equals a neighbour, so a new row scores on average Σ 5·(1 − (8/9)^k) over its cells, k being
//!   the cell's number of row neighbours (685/81 in all);
//! - bonus: digit d earns d² when its count in the other rows plus a Binomial(9, 1/9) reaches 15;
//! - rare: a box crossing the row is complete with probability 3!/9³ when its six other cells hold
//!   six different digits, and never otherwise.

pub use super::duel::RowPlan;
use super::grid::{Grid, SIZE};
use super::score::{self, BONUS_COUNT, Breakdown, RARE_POINTS};

/// The expected horizontal points of a freshly dealt row: 2·5/9 + 7·5·17/81 = 685/81.
pub const EXPECTED_NEW_ROW_POINTS: f64 = 685.0 / 81.0;

/// P(X = k) for X ~ Binomial(9, 1/9), k = 0..=9.
fn binomial9() -> [f64; SIZE + 1] {
    let mut p = [0.0; SIZE + 1];
    let mut choose = 1.0f64;
    for (k, pk) in p.iter_mut().enumerate() {
        if k > 0 {
            choose = choose * (SIZE + 1 - k) as f64 / k as f64;
        }
        *pk = choose * (1.0f64 / 9.0).powi(k as i32) * (8.0f64 / 9.0).powi((SIZE - k) as i32);
    }
    p
}

/// The exact expected points of `grid` once row `row` (0-based, < 9) is replaced by 9 new
/// uniform random digits.
pub fn expected_after_row(grid: &Grid, row: usize) -> f64 {
    let now: Breakdown = score::score(grid);

    // Vertical: average each column over its new cell.
    let mut vertical = 0.0;
    for c in 0..SIZE {
        let mut col = grid.column(c);
        let mut sum = 0;
        for d in 1..=9u8 {
            col[row] = d;
            sum += score::column_points(&col);
        }
        vertical += f64::from(sum) / 9.0;
    }

    // Horizontal: the other rows keep their points.
    let horizontal = f64::from(now.horizontal - now.rows[row]) + EXPECTED_NEW_ROW_POINTS;

    // Bonus: counts in the other rows plus the new row's binomial count.
    let mut rest = score::digit_counts(grid);
    for d in grid.row(row) {
        rest[usize::from(d)] -= 1;
    }
    let binom = binomial9();
    let mut bonus = 0.0;
    for (d, &count) in rest.iter().enumerate().skip(1) {
        let need = BONUS_COUNT.saturating_sub(count);
        let p: f64 = binom.iter().skip(need).sum();
        bonus += (d * d) as f64 * p;
    }

    // Rare: boxes away from the row are unchanged; boxes across it need 6 distinct other digits.
    let br = row / 3;
    let mut rare = 0.0;
    for b in 0..3 {
        for bc in 0..3 {
            if b != br && score::box_is_complete(grid, b, bc) {
                rare += f64::from(RARE_POINTS);
            }
        }
    }
    for bc in 0..3 {
        let mut seen = [false; 10];
        let mut distinct = 0;
        for r in (3 * br..3 * br + 3).filter(|&r| r != row) {
            for c in 3 * bc..3 * bc + 3 {
                let d = usize::from(grid.get(r, c));
                if !seen[d] {
                    seen[d] = true;
                    distinct += 1;
                }
            }
        }
        if distinct == 6 {
            rare += f64::from(RARE_POINTS) * 6.0 / 729.0;
        }
    }

    vertical - horizontal + bonus + rare
}

/// Whether regenerating the planned row is worth it: its expected gain is positive (beyond
/// rounding).
pub fn pays(plan: &RowPlan) -> bool {
    plan.gain() > 1e-9
}

/// The smart evaluator's choice for `grid`: regenerate the row with the highest expected gain
/// when that gain is positive, else keep the grid. The smart computer plays it, and a hint
/// shows it to the person.
pub fn advice(grid: &Grid) -> (super::Choice, RowPlan) {
    let plan = best_row(grid);
    let choice = if pays(&plan) {
        super::Choice::RegenerateRow(plan.row + 1)
    } else {
        super::Choice::Keep
    };
    (choice, plan)
}

/// The row whose regeneration has the highest expected gain (the lowest such row on ties).
pub fn best_row(grid: &Grid) -> RowPlan {
    let current = score::score(grid).total();
    let mut best: Option<RowPlan> = None;
    for row in 0..SIZE {
        let plan = RowPlan {
            row,
            current,
            expected: expected_after_row(grid, row),
        };
        if best.is_none_or(|b| plan.expected > b.expected + 1e-12) {
            best = Some(plan);
        }
    }
    // SIZE > 0, so the loop ran.
    best.unwrap_or(RowPlan {
        row: 0,
        current,
        expected: f64::from(current),
    })
}

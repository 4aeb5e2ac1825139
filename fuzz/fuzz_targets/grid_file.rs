//! Grid Duel grid files (`gems-cli grid-duel --score FILE`, `Grid::parse`): never panics; an
//! accepted grid holds digits 1–9, prints back to a file that parses to the same grid, and
//! scores consistently.
#![no_main]

use gems_rules::grid_duel::{Grid, score};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = Grid::parse(text) else {
        return;
    };
    let printed: String = grid
        .rows()
        .iter()
        .map(|r| r.iter().map(|d| char::from(b'0' + d)).collect::<String>() + "\n")
        .collect();
    assert_eq!(Grid::parse(&printed), Ok(grid));
    let b = score(&grid);
    assert_eq!(b.horizontal, b.rows.iter().sum::<i32>());
    assert_eq!(b.vertical, b.columns.iter().sum::<i32>());
    assert!(b.rare % 100 == 0 && (0..=900).contains(&b.rare));
});

//! `gems-cli bench samegame` with a node budget: the same scores on every run (whatever the
//! machine's load), and `--save-lines` writes each board's line as a file that replays on the
//! rules engine to exactly the score (and leaves the gems) the bench printed.

mod common;

use common::{run_cli_in, temp_dir};
use gems_rules::gems::{Game, LineFile, Player};

/// The (board, score) lines of the bench's output, and its total.
fn scores(out: &str) -> (Vec<u64>, u64) {
    let boards = out
        .lines()
        .filter(|l| l.starts_with("board "))
        .map(|l| {
            l.split_whitespace()
                .nth(2)
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("a score in '{l}'"))
        })
        .collect();
    let total = out
        .lines()
        .find_map(|l| l.strip_prefix("total: "))
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .expect("a total");
    (boards, total)
}

#[test]
fn a_node_budget_replays_exactly_and_saved_lines_replay_to_the_printed_scores() {
    let dir = temp_dir("bench-lines");
    std::fs::write(
        dir.join("set.boards"),
        "# two small boards\nrandom:8x8:4:1\nrandom:10x10:5:2\n",
    )
    .unwrap();
    let args = [
        "bench",
        "samegame",
        "--boards",
        "set.boards",
        "--nodes",
        "3000",
        "--save-lines",
        "lines",
    ];
    let (out, err, code) = run_cli_in(&dir, &args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3000 nodes per board on one lane"), "{out}");
    let (boards, total) = scores(&out);
    assert_eq!(boards.len(), 2);
    assert_eq!(boards.iter().sum::<u64>(), total);
    let mut cleared = 0;
    for (i, score) in boards.iter().enumerate() {
        let path = dir.join(format!("lines/set-{}.line", i + 1));
        let text = std::fs::read_to_string(&path).expect("a line file per board");
        let file = LineFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(file.score, *score, "{}", path.display());
        // The gems the line leaves, as the board's output line says.
        let mut game = Game::new(file.board.clone(), file.policy, Player::Interactive);
        for &cell in &file.moves {
            game.play(cell).unwrap();
        }
        let left = game.board().gem_count();
        cleared += usize::from(left == 0);
        let said = out
            .lines()
            .find(|l| l.starts_with(&format!("board {:>2}:", i + 1)))
            .unwrap();
        assert!(said.ends_with(&format!(", {left} gems left)")), "{said}");
    }
    assert!(
        out.contains(&format!("({cleared} of 2 boards cleared)")),
        "{out}"
    );
    let (again, _, _) = run_cli_in(&dir, &args[..6], "");
    assert_eq!(
        scores(&again),
        (boards, total),
        "a node budget is reproducible"
    );

    let (_, err, code) = run_cli_in(&dir, &["bench", "samegame", "--nodes", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("invalid value '0' for '--nodes <N>'"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

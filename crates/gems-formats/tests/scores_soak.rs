//! A soak of the high-score store's rules: 100,000 Modern Gems games on random boards (most
//! played once, some again), with the named boards and records played among them, keep the
//! file under its size limit at every save, and every named board's table survives.

use gems_formats::scores::{
    Entry, MAX_SCORES_BYTES, RECENT_BOARDS_KEPT, ScoreFile, read_scores, scores_to_text,
};

#[test]
fn a_hundred_thousand_random_boards_keep_the_file_under_its_limit() {
    let mut file = ScoreFile::default();
    let named = [
        "tiny|chained",
        "curve|classic",
        "large|chained",
        "sg-07|classic",
    ];
    let date = || Some("2026-11-27".to_string());
    let mut largest = 0;
    for game in 0u64..100_000 {
        // Three games in four on a new random board, the rest on one of the last hundred.
        let seed = if game % 4 == 3 {
            game.saturating_sub(game % 97 + 1)
        } else {
            game
        };
        let key = format!(
            "random:{}x{}:{}:{seed}|chained",
            5 + seed % 56,
            5 + seed % 41,
            2 + seed % 8
        );
        file.enter(
            &key,
            Entry {
                score: game * 37 % 100_000,
                date: date(),
            },
        );
        if game % 500 == 0 {
            file.enter(
                named[(game / 500) as usize % named.len()],
                Entry {
                    score: game,
                    date: date(),
                },
            );
            file.add_counter("solo-red|played", 1);
        }
        // The store prunes and writes after every game; its size is checked every 1,000.
        file.prune();
        if game % 1_000 == 999 {
            let text = scores_to_text(&file).expect("serialises");
            largest = largest.max(text.len());
            assert!(
                text.len() < MAX_SCORES_BYTES,
                "game {game}: {} bytes",
                text.len()
            );
        }
    }
    let text = scores_to_text(&file).unwrap();
    let (back, salvage) = read_scores(&text);
    assert!(salvage.is_clean(), "{salvage:?}");
    assert_eq!(back, file);
    for key in named {
        assert_eq!(back.table(key).len(), 10, "{key}");
    }
    assert_eq!(back.counter("solo-red|played"), 200);
    let random = back
        .tables
        .keys()
        .filter(|k| k.starts_with("random:"))
        .count();
    assert!(
        (RECENT_BOARDS_KEPT..=RECENT_BOARDS_KEPT * 11 / 10).contains(&random),
        "{random} random boards kept"
    );
    println!("largest file: {largest} bytes of {MAX_SCORES_BYTES}");
}

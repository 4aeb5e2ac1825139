//! The day's ranks the server keeps in counts (the day's players, buckets of 64 outcomes, and
//! outcomes) agree with ranks counted from the results themselves, on SQLite and PostgreSQL,
//! for outcomes below and above zero and across bucket edges.

mod common;

use common::{TODAY, databases};
use gems_rules::daily::{Daily, Date, Game, Outcome};
use gems_server::db::Store;
use gems_server::player::Secret;
use gems_server::submission::{Target, Verified};

fn verified(player: usize, margin: i64, assisted: bool) -> Verified {
    Verified {
        target: Target::Daily(Daily::of(Game::GridDuel, Date::parse(TODAY).unwrap())),
        outcome: Outcome::GridDuel { margin },
        assisted,
        moves: String::new(),
        client: "test".to_string(),
        secret: Secret::parse(&format!("{:032x}", player + 1)).unwrap(),
    }
}

#[tokio::test]
async fn server_daily_ranks_from_counts_match_ranks_counted_from_results() {
    // Margins on both sides of zero, on and next to bucket edges (±63, ±64, ±127, ±128),
    // with ties, and some assisted results that must not count.
    let margins: Vec<i64> = [
        -300, -200, -129, -128, -128, -127, -65, -64, -63, -1, 0, 0, 1, 62, 63, 63, 64, 65, 127,
        128, 191, 192, 500, 4_000, 4_000,
    ]
    .into_iter()
    .chain((0..40).map(|i| (i * 37) % 700 - 350))
    .collect();
    for url in databases().await {
        let store = Store::open(&url).await.expect("the store opens");
        let mut main: Vec<i64> = Vec::new();
        for (player, &margin) in margins.iter().enumerate() {
            let assisted = player % 9 == 4;
            let recorded = store
                .record(&verified(player, margin, assisted), 1_000 + player as i64)
                .await
                .expect("stored");
            assert!(recorded.stored, "{url}: player {player}");
            if assisted {
                assert_eq!(recorded.rank, None, "{url}: an assisted result has no rank");
                continue;
            }
            main.push(margin);
            // The rank it was told when stored: among the results so far.
            let above = main.iter().filter(|&&m| m > margin).count() as i64;
            assert_eq!(
                recorded.rank,
                Some((above + 1, main.len() as i64)),
                "{url}: player {player}, margin {margin}"
            );
        }
        // Every rank now, as the table, a player's result and the day's count tell it.
        let day = TODAY.to_string();
        for (player, &margin) in margins.iter().enumerate() {
            let above = main.iter().filter(|&&m| m > margin).count() as i64;
            let (rank, of) = store
                .daily_rank("grid-duel", &day, margin)
                .await
                .expect("a rank");
            assert_eq!(
                (rank, of),
                (above + 1, main.len() as i64),
                "{url}: {margin}"
            );
            let public = Secret::parse(&format!("{:032x}", player + 1))
                .unwrap()
                .public_id();
            let result = store
                .daily_result(&public, "grid-duel", &day)
                .await
                .expect("read")
                .expect("a result");
            if !result.assisted {
                assert_eq!(result.rank, above + 1, "{url}: player {player}");
            }
        }
        let table = store.daily_table("grid-duel", &day).await.expect("a table");
        assert_eq!(table.len(), main.len(), "{url}");
        for entry in &table {
            let above = main.iter().filter(|&&m| m > entry.key).count() as i64;
            assert_eq!(entry.rank, above + 1, "{url}: {entry:?}");
        }
    }
}

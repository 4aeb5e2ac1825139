//! The leaderboard server through its HTTP API, on SQLite and, when `GEMS_TEST_POSTGRES`
//! names a PostgreSQL server (`tools/postgres-start.sh` prints one; CI sets it), on
//! PostgreSQL too: every test runs the same requests against each database.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode};
use common::*;
use gems_rules::daily::{Game, Outcome};
use gems_server::api::AppState;
use gems_server::db::Store;
use gems_server::limits::RateLimiter;
use serde_json::json;
use sqlx::Connection;
use tower::ServiceExt;

#[tokio::test]
async fn server_daily_submissions_are_replayed_ranked_and_listed() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::Dots, TODAY);
        let mut outcomes = Vec::new();
        for player in 1..=4u8 {
            let moves = d.sample_moves(u64::from(player));
            let expected = d.replay(&moves).unwrap().outcome;
            let (status, answer) = call(
                &app,
                "POST",
                "/api/submit",
                Some(submission(&d, &moves, player)),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
            assert_eq!(answer["outcome"], expected.words(), "{url}");
            assert!(answer["rank"].as_i64().unwrap() >= 1);
            assert_eq!(answer["of"], i64::from(player));
            outcomes.push((
                expected.rank_key(),
                answer["player"].as_str().unwrap().to_string(),
            ));
        }
        let (status, table) = call(&app, "GET", &format!("/api/daily/dots/{TODAY}"), None).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        assert_eq!(table["players"], 4);
        let top = table["top"].as_array().unwrap();
        assert_eq!(top.len(), 4);
        let keys: Vec<i64> = top
            .iter()
            .map(|e| {
                Outcome::from_words(e["outcome"].as_str().unwrap())
                    .unwrap()
                    .rank_key()
            })
            .collect();
        assert!(
            keys.windows(2).all(|w| w[0] >= w[1]),
            "{url}: best first: {keys:?}"
        );
        assert_eq!(top[0]["rank"], 1);
        // The player's own rank, asked by public id.
        let (best_key, best) = outcomes.iter().max_by_key(|(k, _)| *k).unwrap().clone();
        let (_, table) = call(
            &app,
            "GET",
            &format!("/api/daily/dots/{TODAY}?player={best}"),
            None,
        )
        .await;
        assert_eq!(table["you"]["rank"], 1, "{url}");
        assert_eq!(
            Outcome::from_words(table["you"]["outcome"].as_str().unwrap())
                .unwrap()
                .rank_key(),
            best_key
        );
        // Another game's table that day is empty.
        let (_, table) = call(&app, "GET", &format!("/api/daily/solo-red/{TODAY}"), None).await;
        assert_eq!(table["players"], 0);
    }
}

#[tokio::test]
async fn server_refuses_forged_daily_submissions() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::ModernGems, TODAY);
        let moves = d.sample_moves(7);
        // A score of the client's own is no field of a submission.
        let mut forged = submission(&d, &moves, 1);
        forged["score"] = json!(999_999);
        let (status, answer) = call(&app, "POST", "/api/submit", Some(forged)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("unknown field `score`")
        );
        // A move that is no legal move.
        let mut bad = moves.clone();
        bad[0] = "m 99,99".to_string();
        let (status, answer) =
            call(&app, "POST", "/api/submit", Some(submission(&d, &bad, 1))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("move 1"),
            "{answer}"
        );
        // A game cut short.
        let (status, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&d, &moves[..moves.len() - 1], 1)),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("not over"),
            "{answer}"
        );
        // Another day's moves and setup, sent as today's.
        let other = daily(Game::ModernGems, "2026-11-16");
        let mut wrong = submission(&other, &other.sample_moves(1), 1);
        wrong["date"] = json!(TODAY);
        let (status, answer) = call(&app, "POST", "/api/submit", Some(wrong)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("another deal"),
            "{answer}"
        );
        // The same without the setup: the moves do not play on today's board.
        let mut wrong = submission(&other, &other.sample_moves(1), 1);
        wrong["date"] = json!(TODAY);
        wrong.as_object_mut().unwrap().remove("setup");
        let (status, _) = call(&app, "POST", "/api/submit", Some(wrong)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        // K in a row: a computer move the computer does not make.
        let k = daily(Game::KInARow, TODAY);
        let k_moves = k.sample_moves(2);
        let at = k_moves.iter().position(|m| m.starts_with("c ")).unwrap();
        let mut forged = k_moves.clone();
        forged.truncate(at);
        let free = (0..9)
            .flat_map(|r| (0..9).map(move |c| format!("{r},{c}")))
            .find(|sq| !k_moves.iter().any(|m| m[2..] == *sq))
            .unwrap();
        forged.push(format!("c {free}"));
        let (status, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&k, &forged, 1)),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("not the computer's move"),
            "{answer}"
        );
        // Nothing was stored by any of them.
        let (_, table) = call(
            &app,
            "GET",
            &format!("/api/daily/modern-gems/{TODAY}"),
            None,
        )
        .await;
        assert_eq!(table["players"], 0, "{url}");
        // The honest K in a row game stands.
        let (status, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&k, &k_moves, 1)),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
    }
}

#[tokio::test]
async fn server_counts_only_the_first_daily_attempt() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::GridDuel, TODAY);
        let first = d.sample_moves(1);
        let (status, answer) =
            call(&app, "POST", "/api/submit", Some(submission(&d, &first, 3))).await;
        assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
        let outcome = answer["outcome"].clone();
        let (status, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&d, &d.sample_moves(2), 3)),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{url}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("only the first attempt")
        );
        let (_, table) = call(&app, "GET", &format!("/api/daily/grid-duel/{TODAY}"), None).await;
        assert_eq!(table["players"], 1);
        assert_eq!(table["top"][0]["outcome"], outcome);
    }
}

#[tokio::test]
async fn server_daily_is_open_only_today_or_yesterday_somewhere() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        for (date, open) in [
            ("2026-11-20", false),
            ("2026-11-21", true),
            ("2026-11-22", true),
            ("2026-11-24", true),
            ("2026-11-25", false),
        ] {
            let d = daily(Game::SoloRed, date);
            let (status, answer) = call(
                &app,
                "POST",
                "/api/submit",
                Some(submission(&d, &d.sample_moves(0), 4)),
            )
            .await;
            let expected = if open {
                StatusCode::CREATED
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            assert_eq!(status, expected, "{url} {date}: {answer}");
        }
    }
}

#[tokio::test]
async fn server_refuses_oversized_and_malformed_bodies() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let huge = vec![b' '; 10 * 1024 * 1024];
        let (status, answer) = call_raw(&app, "POST", "/api/submit", Body::from(huge)).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{url}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("larger than"));
        let (status, answer) = call_raw(&app, "POST", "/api/submit", Body::from("{not json")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        let d = daily(Game::Dots, TODAY);
        let moves = d.sample_moves(0);
        for (field, value, words) in [
            ("player", json!("not-hex"), "32 hexadecimal digits"),
            ("game", json!("chess"), "not a game"),
            ("date", json!("2026-13-01"), "not a date"),
            ("client", json!("x".repeat(100)), "too long"),
        ] {
            let mut bad = submission(&d, &moves, 1);
            bad[field] = value;
            let (status, answer) = call(&app, "POST", "/api/submit", Some(bad)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {answer}");
            assert!(
                answer["error"].as_str().unwrap().contains(words),
                "{field}: {answer}"
            );
        }
        let (status, _) = call(&app, "GET", "/api/daily/chess/2026-11-23", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = call(&app, "GET", "/api/daily/dots/yesterday", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = call(
            &app,
            "GET",
            "/api/daily/dots/2026-11-23?player='%20OR%201=1",
            None,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn server_rate_limits_players_and_addresses() {
    for url in databases().await {
        let app = server(&url, 2, 1000).await;
        let d = daily(Game::SoloRed, TODAY);
        for (i, expected) in [
            StatusCode::CREATED,
            StatusCode::CONFLICT,
            StatusCode::TOO_MANY_REQUESTS,
        ]
        .into_iter()
        .enumerate()
        {
            let (status, answer) = call(
                &app,
                "POST",
                "/api/submit",
                Some(submission(&d, &d.sample_moves(i as u64), 9)),
            )
            .await;
            assert_eq!(status, expected, "{url} #{i}: {answer}");
        }
        // Another player is not held back.
        let (status, _) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&d, &d.sample_moves(0), 10)),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        let app = server(&url, 100, 3).await;
        for _ in 0..3 {
            assert_eq!(
                call(&app, "GET", "/api/health", None).await.0,
                StatusCode::OK
            );
        }
        let request = Request::get("/api/health").body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(response.headers().contains_key("retry-after"));
    }
}

#[tokio::test]
async fn server_keeps_only_the_hash_of_a_players_secret() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::Dots, TODAY);
        let (status, _) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&d, &d.sample_moves(0), 0xab)),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT secret_hash, public_id, name FROM players")
                .fetch_all(&mut conn)
                .await
                .unwrap();
        assert_eq!(rows.len(), 1);
        let secret = secret(0xab);
        for column in [&rows[0].0, &rows[0].1, &rows[0].2] {
            assert!(!column.contains(&secret[..16]), "{url}: {column}");
        }
        assert_eq!(rows[0].0.len(), 64);
    }
}

#[tokio::test]
async fn server_display_names_change_and_are_bounded() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::Dots, TODAY);
        let (_, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(submission(&d, &d.sample_moves(0), 5)),
        )
        .await;
        let public = answer["player"].as_str().unwrap().to_string();
        let (_, table) = call(&app, "GET", &format!("/api/daily/dots/{TODAY}"), None).await;
        assert!(
            table["top"][0]["name"]
                .as_str()
                .unwrap()
                .starts_with("Player ")
        );
        let (status, answer) = call(
            &app,
            "PUT",
            "/api/name",
            Some(json!({"player": secret(5), "name": "  Zoë O'Neil "})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{url}: {answer}");
        assert_eq!(answer["player"], public.as_str());
        let (_, table) = call(&app, "GET", &format!("/api/daily/dots/{TODAY}"), None).await;
        assert_eq!(table["top"][0]["name"], "Zoë O'Neil");
        for bad in ["", "<b>bold</b>", "a very long name beyond the limit"] {
            let (status, answer) = call(
                &app,
                "PUT",
                "/api/name",
                Some(json!({"player": secret(5), "name": bad})),
            )
            .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {answer}");
        }
        let (_, history) = call(&app, "GET", &format!("/api/players/{public}"), None).await;
        assert_eq!(history["name"], "Zoë O'Neil");
    }
}

#[tokio::test]
async fn server_history_lists_a_players_dailies_latest_first() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let mut public = String::new();
        for (game, date) in [
            (Game::Dots, "2026-11-22"),
            (Game::SoloRed, TODAY),
            (Game::GridDuel, TODAY),
        ] {
            let d = daily(game, date);
            let (status, answer) = call(
                &app,
                "POST",
                "/api/submit",
                Some(submission(&d, &d.sample_moves(0), 6)),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
            public = answer["player"].as_str().unwrap().to_string();
        }
        let (status, history) = call(&app, "GET", &format!("/api/players/{public}"), None).await;
        assert_eq!(status, StatusCode::OK);
        let results = history["results"].as_array().unwrap();
        let days: Vec<(&str, &str)> = results
            .iter()
            .map(|r| (r["date"].as_str().unwrap(), r["game"].as_str().unwrap()))
            .collect();
        assert_eq!(
            days,
            [
                (TODAY, "grid-duel"),
                (TODAY, "solo-red"),
                ("2026-11-22", "dots")
            ],
            "{url}"
        );
        assert!(results.iter().all(|r| r["rank"] == 1));
        let (status, _) = call(&app, "GET", "/api/players/0000000000000000", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn server_keeps_assisted_daily_results_out_of_the_main_table() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let d = daily(Game::SoloRed, TODAY);
        let mut moves = d.sample_moves(3);
        moves.insert(0, "a".to_string());
        let (status, answer) =
            call(&app, "POST", "/api/submit", Some(submission(&d, &moves, 7))).await;
        assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
        assert_eq!(answer["assisted"], true);
        assert!(answer.get("rank").is_none());
        let mut honest_but_flagged = submission(&d, &d.sample_moves(4), 8);
        honest_but_flagged["assisted"] = json!(true);
        let (_, answer) = call(&app, "POST", "/api/submit", Some(honest_but_flagged)).await;
        assert_eq!(answer["assisted"], true);
        let (_, table) = call(&app, "GET", &format!("/api/daily/solo-red/{TODAY}"), None).await;
        assert_eq!(table["players"], 0, "{url}");
    }
}

/// A line on standard position `n` played by random legal moves to the end.
fn random_standard_line(n: usize, seed: u64) -> Vec<String> {
    use gems_rules::gems::{Game, LineFile, Player};
    let record = LineFile::parse(
        &std::fs::read_to_string(format!(
            "{}/../../assets/records/standard-{n}.line",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let mut game = Game::new(record.board, record.policy, Player::Interactive);
    let mut moves = Vec::new();
    let mut pick = seed;
    while !game.is_over() {
        let legal: Vec<_> = game
            .board()
            .gems()
            .map(|(c, _)| c)
            .filter(|&c| game.check_move(c).is_ok())
            .collect();
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let cell = legal[(pick >> 33) as usize % legal.len()];
        game.play(cell).unwrap();
        moves.push(format!("m {},{}", cell.row, cell.col));
    }
    moves
}

#[tokio::test]
async fn server_standard_positions_keep_each_players_best_beside_the_experts_record() {
    for url in databases().await {
        let app = server(&url, 100, 1000).await;
        let record = gems_server::standard::record(1).unwrap();
        let record_moves: Vec<String> = record
            .moves
            .iter()
            .map(|c| format!("m {},{}", c.row, c.col))
            .collect();
        let standard = |moves: &[String], player: u8| json!({"game": "modern-gems", "board": "standard-1", "moves": moves, "client": "test", "player": secret(player)});
        let weak = random_standard_line(1, 1);
        let (status, answer) = call(&app, "POST", "/api/submit", Some(standard(&weak, 1))).await;
        assert_eq!(status, StatusCode::CREATED, "{url}: {answer}");
        let weak_score = answer["best"].as_i64().unwrap();
        assert!(weak_score < record.score as i64);
        // A better line replaces it; a worse one does not.
        let (_, answer) = call(
            &app,
            "POST",
            "/api/submit",
            Some(standard(&record_moves, 1)),
        )
        .await;
        assert_eq!(answer["improved"], true, "{url}: {answer}");
        assert_eq!(answer["best"], record.score);
        let (_, answer) = call(&app, "POST", "/api/submit", Some(standard(&weak, 1))).await;
        assert_eq!(answer["improved"], false);
        assert_eq!(answer["best"], record.score);
        let (_, answer) = call(&app, "POST", "/api/submit", Some(standard(&weak, 2))).await;
        assert_eq!(answer["rank"], 2);
        let (status, all) = call(&app, "GET", "/api/standard", None).await;
        assert_eq!(status, StatusCode::OK);
        let boards = all["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 20);
        assert_eq!(boards[0]["record"]["score"], record.score);
        assert_eq!(boards[0]["players"], 2);
        assert_eq!(
            boards[0]["top"][0]["outcome"],
            format!("score {}", record.score)
        );
        assert_eq!(boards[1]["players"], 0);
        let (status, _) = call(&app, "POST", "/api/submit", Some(json!({"game": "dots", "board": "standard-1", "moves": weak, "client": "t", "player": secret(1)}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = call(&app, "GET", "/api/standard/standard-21", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn server_serves_the_web_build_beside_the_api() {
    let dir = std::env::temp_dir().join(format!("gems-server-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<title>Modern Gems</title>").unwrap();
    let url = databases().await.remove(0);
    let store = Store::open(&url).await.unwrap();
    let state = Arc::new(AppState {
        store,
        today: None,
        per_player: RateLimiter::new(10),
        per_address: RateLimiter::new(10),
    });
    let app = gems_server::app(state, Some(&dir))
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 1))));
    let (status, page) = call(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page, "<title>Modern Gems</title>");
    assert_eq!(call(&app, "GET", "/api/health", None).await.1, "ok");
}

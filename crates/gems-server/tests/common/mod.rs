//! What the server's tests share: the databases each test runs on (SQLite, and PostgreSQL
//! when `GEMS_TEST_POSTGRES` names a server), a server on one of them, requests, and players.
#![allow(dead_code)] // each test file uses its own part

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode};
use gems_rules::daily::{Daily, Date, Game};
use gems_server::api::AppState;
use gems_server::db::Store;
use gems_server::limits::RateLimiter;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::Connection;
use tower::ServiceExt;

pub const TODAY: &str = "2026-11-23";

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The databases every test runs on: a fresh SQLite file, and a fresh PostgreSQL database
/// when `GEMS_TEST_POSTGRES` is set (required when `GEMS_REQUIRE_POSTGRES` is).
pub async fn databases() -> Vec<String> {
    sqlx::any::install_default_drivers();
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let id = format!("{}_{n}", std::process::id());
    let file = std::env::temp_dir().join(format!("gems-server-test-{id}.sqlite"));
    let _ = std::fs::remove_file(&file);
    let mut urls = vec![format!("sqlite://{}", file.display())];
    match std::env::var("GEMS_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            let name = format!("gems_test_{id}");
            let mut conn = sqlx::AnyConnection::connect(&admin)
                .await
                .expect("GEMS_TEST_POSTGRES connects");
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
                .execute(&mut conn)
                .await
                .expect("drop");
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .expect("create");
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
            urls.push(format!("{base}/{name}"));
        }
        _ => {
            assert!(
                std::env::var_os("GEMS_REQUIRE_POSTGRES").is_none(),
                "GEMS_REQUIRE_POSTGRES is set but GEMS_TEST_POSTGRES is not"
            );
            eprintln!("(PostgreSQL skipped: set GEMS_TEST_POSTGRES=$(tools/postgres-start.sh))");
        }
    }
    urls
}

/// The server on `url`, today being [`TODAY`], with the given limits per minute.
pub async fn server(url: &str, per_player: u32, per_address: u32) -> axum::Router {
    let store = Store::open(url).await.expect("the store opens");
    let state = Arc::new(AppState {
        store,
        today: Some(Date::parse(TODAY).unwrap()),
        per_player: RateLimiter::new(per_player),
        per_address: RateLimiter::new(per_address),
    });
    gems_server::app(state, None).layer(MockConnectInfo(SocketAddr::from(([10, 0, 0, 1], 5000))))
}

/// `method uri` with a JSON body, on `app`: the status and the JSON answer.
pub async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    call_raw(app, method, uri, body).await
}

/// `method uri` with any body, on `app`: the status and the answer (JSON, or its text).
pub async fn call_raw(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Body,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body)
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("a response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// Player `n`'s secret.
pub fn secret(n: u8) -> String {
    format!("{n:02x}").repeat(16)
}

/// `game`'s daily on `date`.
pub fn daily(game: Game, date: &str) -> Daily {
    Daily::of(game, Date::parse(date).unwrap())
}

/// A submission of `moves` at daily `d` by player `player`.
pub fn submission(d: &Daily, moves: &[String], player: u8) -> Value {
    json!({
        "game": d.game.slug(),
        "date": d.date.to_string(),
        "setup": d.setup_words(),
        "moves": moves,
        "client": "test",
        "player": secret(player),
    })
}

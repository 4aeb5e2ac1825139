//! The HTTP API, under `/api`:
//!
//! | Method and path | What |
//! |---|---|
//! | `POST /api/submit` | a finished daily or standard position: replayed, stored, ranked |
//! | `GET /api/daily/{game}/{date}?player=ID` | the day's table (top 100) and the player's rank |
//! | `GET /api/players/{id}` | a player's name and daily results, the latest first |
//! | `PUT /api/name` | a player's display name (`{"player": SECRET, "name": NAME}`) |
//! | `GET /api/standard` | the 20 standard positions: the Expert's record and the top 3 |
//! | `GET /api/standard/{board}?player=ID` | one position's all-time table (top 100) |
//! | `GET /api/health` | `ok` |
//!
//! Every refusal is JSON `{"error": "…"}` with a status that says why: 400 a malformed
//! request, 409 a second attempt at a daily, 413 a body over the limit, 422 moves that do not
//! replay or a daily that is not open, 429 too many requests (with `Retry-After`).

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use gems_formats::leaderboard::Rename;
use gems_rules::daily::{Date, Game, Outcome};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::Store;
use crate::limits::RateLimiter;
use crate::player::{self, Secret};
use crate::submission::{self, Check, SubmissionError, Target};
use crate::{standard, unix_now};

/// What every request shares.
#[derive(Debug)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// Today's date when fixed (tests); else the clock's, in UTC.
    pub today: Option<Date>,
    /// Submissions and renames per player.
    pub per_player: RateLimiter,
    /// Requests per address.
    pub per_address: RateLimiter,
}

impl AppState {
    /// Today in UTC.
    pub fn today(&self) -> Date {
        self.today.unwrap_or_else(|| {
            Date::from_days_since_epoch(unix_now().div_euclid(86_400))
                .unwrap_or_else(|| Date::parse("2026-01-01").expect("a valid date"))
        })
    }
}

/// A refusal: a status and a message, sent as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    fn too_many(wait: std::time::Duration) -> ApiError {
        let secs = wait.as_secs().max(1);
        ApiError {
            retry_after: Some(secs),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many requests: try again in {secs} s"),
            )
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        tracing::error!("database: {e}");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the database is unavailable",
        )
    }
}

impl From<SubmissionError> for ApiError {
    fn from(e: SubmissionError) -> ApiError {
        let status = match e {
            SubmissionError::TooLong("the body") => StatusCode::PAYLOAD_TOO_LARGE,
            SubmissionError::Closed { .. }
            | SubmissionError::Setup(_)
            | SubmissionError::Replay(_) => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, e.to_string())
    }
}

type Shared = Arc<AppState>;
type ApiResult = Result<Json<Value>, ApiError>;

/// The API's routes, with the per-address limit and the body limit.
pub fn routes(state: Shared) -> Router {
    Router::new()
        .route("/api/health", routing::get(|| async { "ok" }))
        .route("/api/submit", routing::post(submit))
        .route("/api/daily/{game}/{date}", routing::get(daily_table))
        .route("/api/players/{id}", routing::get(history))
        .route("/api/name", routing::put(rename))
        .route("/api/standard", routing::get(standard_tables))
        .route("/api/standard/{board}", routing::get(standard_table))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            limit_address,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(
            submission::MAX_BODY_BYTES,
        ))
        .with_state(state)
}

async fn limit_address(
    State(state): State<Shared>,
    ConnectInfo(address): ConnectInfo<std::net::SocketAddr>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match state
        .per_address
        .take(&address.ip().to_string(), Instant::now())
    {
        Ok(()) => next.run(request).await,
        Err(wait) => ApiError::too_many(wait).into_response(),
    }
}

/// The `?player=ID` of a table's query.
#[derive(Debug, Deserialize)]
struct Viewer {
    player: Option<String>,
}

impl Viewer {
    fn id(&self) -> Result<Option<&str>, ApiError> {
        match self.player.as_deref() {
            Some(id) if !player::is_public_id(id) => Err(ApiError::bad(format!(
                "'{id}' is not a player's id (16 hexadecimal digits)"
            ))),
            id => Ok(id),
        }
    }
}

fn describe(words: &str) -> String {
    Outcome::from_words(words).map_or_else(|_| words.to_string(), Outcome::describe)
}

fn entries_json(entries: &[crate::db::Entry]) -> Value {
    entries
        .iter()
        .map(|e| {
            json!({
                "rank": e.rank,
                "name": e.name,
                "player": e.player,
                "outcome": e.outcome,
                "describe": describe(&e.outcome),
            })
        })
        .collect()
}

async fn submit(
    State(state): State<Shared>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let body = body.map_err(|e| {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the body is larger than {} bytes",
                submission::MAX_BODY_BYTES
            )
        } else {
            e.body_text()
        };
        ApiError::new(status, message)
    })?;
    let submission = submission::decode(&body)?;
    let today = state.today();
    let (_, secret) = submission.check(today)?;
    state
        .per_player
        .take(&secret.hash(), Instant::now())
        .map_err(ApiError::too_many)?;
    // K in a row's replay searches as its computer did (seconds): off the async workers. The
    // others' take a fraction of a millisecond, less than a handover to another thread.
    let verified = if submission.game == Game::KInARow.slug() {
        tokio::task::spawn_blocking(move || submission.verify(today))
            .await
            .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the replay failed"))??
    } else {
        submission.verify(today)?
    };
    let recorded = state.store.record(&verified, unix_now()).await?;
    let (public, stored) = (recorded.public, recorded.stored);
    let key = verified.outcome.rank_key();
    let mut answer = json!({
        "player": public,
        "outcome": verified.outcome.words(),
        "describe": verified.outcome.describe(),
        "assisted": verified.assisted,
    });
    match &verified.target {
        Target::Daily(daily) => {
            let (game, day) = (daily.game.slug(), daily.date.to_string());
            if !stored {
                let first = state.store.daily_result(&public, game, &day).await?;
                let first = first.map_or_else(String::new, |r| describe(&r.outcome));
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!(
                        "only the first attempt at a daily counts: yours at the {game} daily of {day} was {first}"
                    ),
                ));
            }
            if let Some((rank, of)) = recorded.rank {
                answer["rank"] = json!(rank);
                answer["of"] = json!(of);
            }
        }
        Target::Standard(n) => {
            let best = state.store.standard_best(*n, &public).await?.unwrap_or(key);
            let (rank, of) = state.store.standard_rank(*n, best).await?;
            answer["improved"] = json!(stored);
            answer["best"] = json!(best);
            answer["rank"] = json!(rank);
            answer["of"] = json!(of);
        }
    }
    Ok((StatusCode::CREATED, Json(answer)))
}

async fn daily_table(
    State(state): State<Shared>,
    Path((game, date)): Path<(String, String)>,
    Query(viewer): Query<Viewer>,
) -> ApiResult {
    let game = Game::from_slug(&game)
        .ok_or_else(|| ApiError::bad(SubmissionError::Game(game.clone()).to_string()))?;
    let date = Date::parse(&date).map_err(|e| ApiError::bad(e.to_string()))?;
    let (slug, day) = (game.slug(), date.to_string());
    let top = state.store.daily_table(slug, &day).await?;
    let (_, of) = state.store.daily_rank(slug, &day, i64::MAX).await?;
    let you = match viewer.id()? {
        Some(id) => match state.store.daily_result(id, slug, &day).await? {
            Some(r) => {
                let rank = if r.assisted {
                    Value::Null
                } else {
                    json!(r.rank)
                };
                json!({"rank": rank, "outcome": r.outcome, "describe": describe(&r.outcome), "assisted": r.assisted})
            }
            None => Value::Null,
        },
        None => Value::Null,
    };
    Ok(Json(json!({
        "game": slug,
        "date": day,
        "players": of,
        "top": entries_json(&top),
        "you": you,
    })))
}

async fn history(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult {
    if !player::is_public_id(&id) {
        return Err(ApiError::bad(format!("'{id}' is not a player's id")));
    }
    let name = state
        .store
        .name_of(&id)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such player"))?;
    let results: Vec<Value> = state
        .store
        .history(&id)
        .await?
        .into_iter()
        .map(|r| {
            json!({
                "game": r.game,
                "date": r.date,
                "describe": describe(&r.outcome),
                "outcome": r.outcome,
                "assisted": r.assisted,
                "rank": if r.assisted { Value::Null } else { json!(r.rank) },
            })
        })
        .collect();
    Ok(Json(
        json!({ "player": id, "name": name, "results": results }),
    ))
}

async fn rename(State(state): State<Shared>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let body = body.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let rename = Rename::from_json(&body)
        .map_err(|e| ApiError::bad(format!("the body is not a rename: {e}")))?;
    let secret = Secret::parse(&rename.player).map_err(|e| ApiError::bad(e.to_string()))?;
    let name = player::display_name(&rename.name).map_err(|e| ApiError::bad(e.to_string()))?;
    state
        .per_player
        .take(&secret.hash(), Instant::now())
        .map_err(ApiError::too_many)?;
    let public = state.store.set_name(&secret, &name, unix_now()).await?;
    Ok(Json(json!({ "player": public, "name": name })))
}

fn record_json(n: usize) -> Value {
    standard::record(n).map_or(
        Value::Null,
        |line| json!({"name": "the Expert", "score": line.score, "moves": line.moves.len()}),
    )
}

async fn standard_tables(State(state): State<Shared>) -> ApiResult {
    let mut boards = Vec::new();
    for n in 1..=standard::COUNT {
        let top = state.store.standard_table(n, 3).await?;
        let (_, of) = state.store.standard_rank(n, i64::MAX).await?;
        boards.push(json!({
            "board": format!("standard-{n}"),
            "record": record_json(n),
            "players": of,
            "top": entries_json(&top),
        }));
    }
    Ok(Json(json!({ "boards": boards })))
}

async fn standard_table(
    State(state): State<Shared>,
    Path(board): Path<String>,
    Query(viewer): Query<Viewer>,
) -> ApiResult {
    let n = standard::number(&board)
        .ok_or_else(|| ApiError::bad(SubmissionError::Board(board.clone()).to_string()))?;
    let top = state.store.standard_table(n, crate::db::TABLE_ROWS).await?;
    let (_, of) = state.store.standard_rank(n, i64::MAX).await?;
    let you = match viewer.id()? {
        Some(id) => match state.store.standard_best(n, id).await? {
            Some(best) => {
                json!({"rank": state.store.standard_rank(n, best).await?.0, "score": best})
            }
            None => Value::Null,
        },
        None => Value::Null,
    };
    Ok(Json(json!({
        "board": board,
        "record": record_json(n),
        "players": of,
        "top": entries_json(&top),
        "you": you,
    })))
}

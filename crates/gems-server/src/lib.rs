//! The leaderboard server of the daily challenge: players send the moves of a finished
//! daily (or of one of the 20 standard SameGame positions); the server replays them with the
//! rules crate and keeps only the outcome it computes itself, so a table cannot be forged by
//! a client that reports its own score.
//!
//! # Reading guide
//!
//! 1. [`submission`]: what a client sends, decoded and checked (the date open today in some
//!    time zone, the setup the daily's, the moves replayed by `gems_rules::daily`).
//! 2. [`player`]: anonymous players, known by the hash of a 128-bit secret, with a display
//!    name.
//! 3. [`db`]: the database, SQLite by default and PostgreSQL by URL, through one set of
//!    queries with bound parameters only, and the migrations in `migrations/`.
//! 4. [`api`]: the HTTP routes, their statuses, and the rate limits of [`limits`].
//! 5. [`standard`]: the standard positions and the Expert's records.
//!
//! [`serve`] puts them together, and serves the web build from the same origin when asked,
//! so the page and the API need no CORS.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub mod api;
pub mod db;
pub mod limits;
mod migrations;
pub mod player;
pub mod standard;
pub mod submission;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// The database's URL (`sqlite://…` or `postgres://…`).
    pub database: String,
    /// The web build's folder to serve at `/`, if any.
    pub web: Option<PathBuf>,
    /// Submissions and renames a player may make a minute.
    pub player_per_minute: u32,
    /// Requests an address may make a minute.
    pub address_per_minute: u32,
}

impl Config {
    /// The defaults: `127.0.0.1:8080`, `leaderboards.sqlite` in the games' data directory
    /// (or the working directory when there is none), 30 submissions a minute per player,
    /// 600 requests a minute per address.
    pub fn new() -> Config {
        let file = gems_rules::storage::data_dir()
            .unwrap_or_default()
            .join("leaderboards.sqlite");
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: format!("sqlite://{}", file.display()),
            web: None,
            player_per_minute: 30,
            address_per_minute: 600,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config::new()
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    #[error("the database {url}: {source}")]
    Database {
        /// Its URL.
        url: String,
        /// What went wrong.
        source: sqlx::Error,
    },
    /// The web folder is not a folder with an `index.html`.
    #[error("{0}: not a web build (no index.html); build it with web/build.sh")]
    Web(PathBuf),
    /// The address could not be bound, or serving failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The whole application: the API, and the web build at `/` when `web` is given.
pub fn app(state: Arc<api::AppState>, web: Option<&std::path::Path>) -> axum::Router {
    let routes = api::routes(state);
    match web {
        Some(dir) => routes.fallback_service(tower_http::services::ServeDir::new(dir)),
        None => routes,
    }
}

/// The state for `config`, with its database opened and migrated.
pub async fn state(config: &Config) -> Result<Arc<api::AppState>, ServeError> {
    if let Some(parent) = config
        .database
        .strip_prefix("sqlite://")
        .map(std::path::Path::new)
        .and_then(std::path::Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent)?;
    }
    let store = db::Store::open(&config.database)
        .await
        .map_err(|source| ServeError::Database {
            url: config.database.clone(),
            source,
        })?;
    Ok(Arc::new(api::AppState {
        store,
        today: None,
        per_player: limits::RateLimiter::new(config.player_per_minute),
        per_address: limits::RateLimiter::new(config.address_per_minute),
    }))
}

/// Serves `config` until the process is interrupted.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    if let Some(web) = &config.web
        && !web.join("index.html").is_file()
    {
        return Err(ServeError::Web(web.clone()));
    }
    let state = state(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    let web = config.web.clone();
    println!(
        "gems-server: listening on http://{} (database {}{})",
        listener.local_addr()?,
        config.database,
        config
            .web
            .as_ref()
            .map_or_else(String::new, |w| format!(", web {}", w.display()))
    );
    serve_on(listener, state, web.as_deref()).await
}

/// Serves `state` (and `web`) on `listener` until the process is interrupted: what [`serve`]
/// runs, and what a test runs on a port of its own.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: Arc<api::AppState>,
    web: Option<&std::path::Path>,
) -> Result<(), ServeError> {
    let app = app(state, web);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

/// Seconds since 1970, UTC.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

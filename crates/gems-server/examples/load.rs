//! Load benchmark of the leaderboard server: 64 clients send finished dailies over real
//! HTTP/1.1 connections to a server on a port of its own, which replays and stores each one.
//! Prints submissions a second and the latency's median and 99th percentile.
//!
//! ```text
//! cargo run --release -p gems-server --example load [-- --database URL] [--clients N] [--each N]
//! ```
//!
//! The database is a fresh SQLite file by default; give `--database postgres://…` (an empty
//! database: `tools/postgres-start.sh` starts a server) to measure PostgreSQL.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gems_rules::daily::{Daily, Game};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The games whose dailies the clients send (K in a row's replay is its computer's search:
/// it is measured apart, by `gems-cli bench`).
const GAMES: [Game; 4] = [Game::ModernGems, Game::Dots, Game::SoloRed, Game::GridDuel];

/// Different move lists per game.
const VARIANTS: u64 = 16;

fn arg(args: &[String], flag: &str) -> Option<String> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned())
}

/// One POST over a fresh connection: its status and how long it took.
async fn post(address: SocketAddr, body: &str) -> std::io::Result<(u16, Duration)> {
    let start = Instant::now();
    let mut stream = tokio::net::TcpStream::connect(address).await?;
    let request = format!(
        "POST /api/submit HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let status = std::str::from_utf8(&response)
        .ok()
        .and_then(|r| r.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok((status, start.elapsed()))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = arg(&args, "--clients").map_or(Ok(64), |v| v.parse())?;
    let each: usize = arg(&args, "--each").map_or(Ok(25), |v| v.parse())?;
    let database = arg(&args, "--database").unwrap_or_else(|| {
        let file = std::env::temp_dir().join(format!("gems-load-{}.sqlite", std::process::id()));
        let _ = std::fs::remove_file(&file);
        format!("sqlite://{}", file.display())
    });
    let runtime = tokio::runtime::Runtime::new()?;
    let today = runtime.block_on(async {
        let config = gems_server::Config {
            database: database.clone(),
            player_per_minute: 1_000_000,
            address_per_minute: 1_000_000,
            ..gems_server::Config::new()
        };
        let state = gems_server::state(&config).await?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let address = listener.local_addr()?;
        let today = state.today();
        tokio::spawn(gems_server::serve_on(listener, state, None));
        Ok::<_, Box<dyn std::error::Error>>((today, address))
    })?;
    let (today, address) = today;
    // The move lists, made before the clock starts.
    let lists: Vec<(Daily, Vec<String>)> = GAMES
        .iter()
        .flat_map(|&g| {
            let daily = Daily::of(g, today);
            (0..VARIANTS).map(move |v| (daily, daily.sample_moves(v)))
        })
        .collect();
    let bodies: Arc<Vec<Vec<String>>> = Arc::new(
        (0..clients)
            .map(|c| {
                (0..each)
                    .map(|i| {
                        let n = c * each + i;
                        let (daily, moves) = &lists[n % lists.len()];
                        gems_formats::leaderboard::Submission {
                            game: daily.game.slug().to_string(),
                            date: Some(daily.date.to_string()),
                            board: None,
                            setup: Some(daily.setup_words()),
                            moves: moves.clone(),
                            client: "load".to_string(),
                            // One player per submission: each is a first attempt.
                            player: format!("{n:032x}"),
                            assisted: false,
                        }
                        .to_json()
                    })
                    .collect()
            })
            .collect(),
    );
    let start = Instant::now();
    let results = runtime.block_on(async {
        let tasks: Vec<_> = (0..clients)
            .map(|c| {
                let bodies = bodies.clone();
                tokio::spawn(async move {
                    let mut out = Vec::new();
                    for body in &bodies[c] {
                        out.push(post(address, body).await);
                    }
                    out
                })
            })
            .collect();
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap_or_default());
        }
        all
    });
    let elapsed = start.elapsed();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut refused = 0;
    for r in &results {
        match r {
            Ok((201, d)) => latencies.push(*d),
            _ => refused += 1,
        }
    }
    latencies.sort();
    let db = if database.starts_with("sqlite") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    println!(
        "load: {db}, {clients} clients, {} submissions in {:.2} s: {:.0} submissions/s, p50 {:.1} ms, p99 {:.1} ms, {refused} refused",
        results.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
    );
    if refused > 0 {
        return Err(format!("{refused} submissions were refused").into());
    }
    Ok(())
}

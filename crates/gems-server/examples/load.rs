//! Load benchmark of the leaderboard server: 64 clients send finished Modern Gems dailies over
//! real HTTP/1.1 connections to a server on a port of its own, which replays and stores each
//! one. Then one client reads the day's table. Prints submissions a second, the latencies'
//! median and 99th percentile, the table read's, and the CPU the server and the clients used.
//!
//! ```text
//! cargo run --release -p gems-server --example load [-- --database URL] [--clients N]
//!     [--each N] [--rate N] [--preload N] [--reads N] [--game SLUG]
//! ```
//!
//! - `--game` sends another game's dailies (`dots`, `solo-red`, `grid-duel`; K in a row's
//!   replays its computer's searches, seconds each), to fill a table for a picture.
//! - The clients send as fast as they are answered (the server's throughput), or with
//!   `--rate N` on a fixed schedule of N submissions a second in all (the latency at that
//!   load, each counted from when its submission was due).
//! - Every submission is a distinct game (a random line of today's Modern Gems daily) from a
//!   distinct player, so each is a first attempt: replayed in full and stored. The stored rows
//!   are counted afterwards.
//! - The server's rate limits stay on at their defaults (30 a minute per player, 600 a minute
//!   per address); each submission comes from an address of its own in 127.0.0.0/8, the way
//!   players come from machines of their own. What the limits refused is reported.
//! - The server runs on the first core and the clients on the second (`sched_setaffinity`),
//!   each with the CPU it used printed.
//! - `--preload N` first stores N results for the day straight into the database, to measure
//!   submissions and table reads against a big table.
//! - The database is a fresh SQLite file (write-ahead log, `synchronous=NORMAL`) by default;
//!   give `--database postgres://…` (an empty database: `tools/postgres-start.sh` starts a
//!   server) to measure PostgreSQL, whose own processes are not pinned by this program.

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use gems_rules::daily::{Daily, Date, Game};
use sqlx::Row;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn arg(args: &[String], flag: &str) -> Option<String> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned())
}

/// Keeps the calling thread, and the threads it starts later, on `core`. False when the
/// machine has no such core.
fn pin_to(core: usize) -> bool {
    // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET writes inside it; pid 0 is this
    // thread.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    }
}

/// The CPU time each entry of `dir` (`/proc` or `/proc/self/task`) has used so far: its id,
/// its name and the time.
fn cpu_times(dir: &str) -> Vec<(String, String, Duration)> {
    // SAFETY: sysconf only reads a constant.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // "id (name) state ppid …": the name may hold spaces; the fields after it do not.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        // utime and stime are fields 14 and 15 of stat; 12 and 13 after the name.
        let used = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        out.push((
            entry.file_name().to_string_lossy().into_owned(),
            stat[open + 1..close].to_string(),
            Duration::from_secs_f64((used(11) + used(12)) / ticks),
        ));
    }
    out
}

/// The CPU time each of this process's threads has used so far, by thread id, with its name.
fn thread_times() -> HashMap<String, (String, Duration)> {
    cpu_times("/proc/self/task")
        .into_iter()
        .map(|(id, name, used)| (id, (name, used)))
        .collect()
}

/// The CPU time the server's threads (its workers, its replays and its database's threads;
/// every thread but the program's own) used between two snapshots.
fn server_cpu_between(
    before: &HashMap<String, (String, Duration)>,
    after: &HashMap<String, (String, Duration)>,
) -> Duration {
    after
        .iter()
        .filter(|(_, (name, _))| name != "load" && !name.starts_with("load-client"))
        .map(|(tid, (_, used))| {
            used.saturating_sub(before.get(tid).map_or(Duration::ZERO, |(_, d)| *d))
        })
        .sum()
}

/// The CPU time PostgreSQL's processes on this machine have used so far (the database
/// server's share of a PostgreSQL run).
fn postgres_cpu() -> Duration {
    cpu_times("/proc")
        .into_iter()
        .filter(|(_, name, _)| name == "postgres")
        .map(|(_, _, used)| used)
        .sum()
}

/// The CPU time the calling thread has used.
fn this_thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}

/// One HTTP/1.1 request over a fresh connection from `from`: its status, its body and how
/// long it took.
async fn request(
    to: SocketAddr,
    from: Ipv4Addr,
    head: &str,
    body: &str,
) -> std::io::Result<(u16, String, Duration)> {
    let start = Instant::now();
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    let mut stream = socket.connect(to).await?;
    let request = format!(
        "{head} HTTP/1.1\r\nHost: {to}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let took = start.elapsed();
    let response = String::from_utf8_lossy(&response);
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map_or_else(String::new, |(_, b)| b.to_string());
    Ok((status, body, took))
}

/// The `n`th client address: 127.16.0.1 and on, one per submission.
fn address(n: usize) -> Ipv4Addr {
    let n = u32::try_from(n + 1).unwrap_or(u32::MAX) & 0x000f_ffff;
    Ipv4Addr::from(0x7f10_0000 | n)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Stores `n` results of `day`'s Modern Gems daily (and their players) with SQL alone.
async fn preload(pool: &sqlx::AnyPool, day: &str, n: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         INSERT INTO players (secret_hash, public_id, name, created_at) \
         SELECT 'preload-' || i, 'pre-' || i, 'Player ' || i, 0 FROM n",
    )
    .bind(n)
    .execute(pool)
    .await?;
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         INSERT INTO daily_results (game, day, public_id, outcome, rank_key, assisted, moves, client, submitted_at) \
         SELECT 'modern-gems', $2, 'pre-' || i, 'score ' || ((i * 7919) % 5000), (i * 7919) % 5000, 0, '', 'preload', 0 FROM n",
    )
    .bind(n)
    .bind(day)
    .execute(pool)
    .await?;
    // The counts the server keeps as it stores a result (migrations/0003_daily_ranks_one_table.sql):
    // the day's players, by bucket of 64 outcomes, by outcome.
    for count in [
        "INSERT INTO daily_ranks (game, day, level, value, players) SELECT game, day, 0, 0, COUNT(*) \
         FROM daily_results WHERE game = 'modern-gems' AND day = $1 AND assisted = 0 GROUP BY game, day",
        "INSERT INTO daily_ranks (game, day, level, value, players) SELECT game, day, 1, rank_key / 64, COUNT(*) \
         FROM daily_results WHERE game = 'modern-gems' AND day = $1 AND assisted = 0 \
         GROUP BY game, day, rank_key / 64",
        "INSERT INTO daily_ranks (game, day, level, value, players) SELECT game, day, 2, rank_key, COUNT(*) \
         FROM daily_results WHERE game = 'modern-gems' AND day = $1 AND assisted = 0 \
         GROUP BY game, day, rank_key",
    ] {
        sqlx::query(count).bind(day).execute(pool).await?;
    }
    Ok(())
}

/// The fresh SQLite file of a run, removed (with its log) when the run ends.
struct TempDatabase(std::path::PathBuf);

impl TempDatabase {
    fn remove(&self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut name = self.0.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
}

impl Drop for TempDatabase {
    fn drop(&mut self) {
        self.remove();
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = arg(&args, "--clients").map_or(Ok(64), |v| v.parse())?;
    let each: usize = arg(&args, "--each").map_or(Ok(25), |v| v.parse())?;
    let preloaded: i64 = arg(&args, "--preload").map_or(Ok(0), |v| v.parse())?;
    let reads: usize = arg(&args, "--reads").map_or(Ok(200), |v| v.parse())?;
    let rate: Option<f64> = arg(&args, "--rate").map(|v| v.parse()).transpose()?;
    let temp =
        TempDatabase(std::env::temp_dir().join(format!("gems-load-{}.sqlite", std::process::id())));
    let database = arg(&args, "--database").unwrap_or_else(|| {
        temp.remove();
        format!("sqlite://{}", temp.0.display())
    });
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let pinned = cores >= 2 && pin_to(0);

    // The server, on the first core: its runtime's threads and its database's inherit it.
    let config = gems_server::Config {
        database: database.clone(),
        ..gems_server::Config::new()
    };
    let server = tokio::runtime::Builder::new_multi_thread()
        .thread_name("gems-server")
        .enable_all()
        .build()?;
    let (state, listener) = server.block_on(async {
        let state = gems_server::state(&config).await?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        Ok::<_, Box<dyn std::error::Error>>((state, listener))
    })?;
    let to = listener.local_addr()?;
    let today = state.today();
    let day = today.to_string();
    let pool = server.block_on(sqlx::AnyPool::connect(&database))?;
    if preloaded > 0 {
        let start = Instant::now();
        server.block_on(preload(&pool, &day, preloaded))?;
        println!(
            "load: preloaded {preloaded} results of the {day} daily in {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
    server.spawn(gems_server::serve_on(listener, state, None));

    // The games, made before the clock starts: a random line each, one player each.
    let game = match arg(&args, "--game") {
        Some(slug) => Game::from_slug(&slug).ok_or(format!("no game '{slug}'"))?,
        None => Game::ModernGems,
    };
    let daily = Daily::of(game, today);
    let total = clients * each;
    let bodies: Vec<String> = (0..total)
        .map(|n| {
            gems_formats::leaderboard::Submission {
                game: daily.game.slug().to_string(),
                date: Some(day.clone()),
                board: None,
                setup: Some(daily.setup_words()),
                moves: daily.sample_moves(n as u64),
                client: "load".to_string(),
                player: format!("{:032x}", n + 1),
                assisted: false,
            }
            .to_json()
        })
        .collect();
    let distinct = bodies
        .iter()
        .map(|b| b.split("\"client\"").next().unwrap_or(b))
        .collect::<std::collections::HashSet<_>>()
        .len();

    // The clients, on the second core.
    let before = thread_times();
    let postgres_before = postgres_cpu();
    let start = Instant::now();
    let ran = std::thread::Builder::new()
        .name("load-client".into())
        .spawn(move || {
            client_run(
                pinned,
                to,
                today,
                bodies,
                Clients {
                    clients,
                    each,
                    rate,
                    reads,
                    game,
                },
            )
        })?
        .join()
        .map_err(|_| "the clients' thread panicked")??;
    let elapsed = start.elapsed();
    let after = thread_times();
    let server_cpu = server_cpu_between(&before, &after);
    let postgres = postgres_cpu().saturating_sub(postgres_before);

    let (submit_time, client_cpu) = (ran.sending, ran.cpu);
    let mut latencies: Vec<Duration> = Vec::new();
    let (mut limited, mut refused) = (0, Vec::new());
    for r in &ran.sent {
        match r {
            Ok((201, _, d)) => latencies.push(*d),
            Ok((429, _, _)) => limited += 1,
            Ok((status, body, _)) => refused.push(format!("{status} {body}")),
            Err(e) => refused.push(e.to_string()),
        }
    }
    latencies.sort();
    let stored: i64 = server.block_on(async {
        sqlx::query("SELECT COUNT(*) FROM daily_results WHERE client = 'load' AND day = $1")
            .bind(&day)
            .fetch_one(&pool)
            .await?
            .try_get(0)
    })?;
    let db = if database.starts_with("sqlite") {
        "SQLite (WAL, synchronous=NORMAL)"
    } else {
        "PostgreSQL"
    };
    let pace = rate.map_or_else(
        || "as fast as answered".to_string(),
        |r| format!("offered at {r:.0}/s"),
    );
    println!(
        "load: {db}, {clients} clients {pace}, {total} {} dailies ({distinct} distinct games, one player each) in {:.2} s: {:.0} submissions/s, p50 {:.1} ms, p99 {:.1} ms",
        game.slug(),
        submit_time.as_secs_f64(),
        latencies.len() as f64 / submit_time.as_secs_f64(),
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
    );
    println!("load: {stored} of them stored (counted in the database afterwards)");
    println!(
        "load: rate limits on (30 a minute per player, 600 a minute per address, one address per submission): {limited} refused with 429"
    );
    let mut read_times = ran.reads;
    read_times.sort();
    println!(
        "load: {} reads of the day's table (top 100 and the reader's rank) at {} results: p50 {:.2} ms, p99 {:.2} ms",
        read_times.len(),
        preloaded + stored,
        ms(percentile(&read_times, 0.5)),
        ms(percentile(&read_times, 0.99)),
    );
    let wall = elapsed.as_secs_f64();
    println!(
        "load: CPU over {wall:.2} s: the server {:.2} s ({:.0}% of {}), the clients {:.2} s ({:.0}% of {})",
        server_cpu.as_secs_f64(),
        100.0 * server_cpu.as_secs_f64() / wall,
        if pinned { "core 0" } else { "one core" },
        client_cpu.as_secs_f64(),
        100.0 * client_cpu.as_secs_f64() / wall,
        if pinned {
            "core 1"
        } else {
            "one core (not pinned: fewer than 2 cores)"
        },
    );
    if !database.starts_with("sqlite") {
        println!(
            "load: PostgreSQL's own processes used {:.2} s ({:.0}% of a core; pin them with taskset to keep them off the clients' core)",
            postgres.as_secs_f64(),
            100.0 * postgres.as_secs_f64() / wall
        );
    }
    if !refused.is_empty() || stored != total as i64 - limited as i64 {
        return Err(format!(
            "{} submissions were refused (first: {}), {stored} of {total} stored",
            refused.len(),
            refused.first().map_or("none", String::as_str)
        )
        .into());
    }
    Ok(())
}

/// How the clients send.
struct Clients {
    /// How many send at once.
    clients: usize,
    /// How many submissions each sends.
    each: usize,
    /// Submissions a second in all, on a fixed schedule; as fast as answered when `None`.
    rate: Option<f64>,
    /// How many reads of the day's table follow.
    reads: usize,
    /// The game whose daily they send.
    game: Game,
}

/// What the clients saw.
struct Ran {
    /// Each submission's answer.
    sent: Vec<Sent>,
    /// How long the submissions took, all together.
    sending: Duration,
    /// Each read's latency.
    reads: Vec<Duration>,
    /// The CPU time the clients used.
    cpu: Duration,
}

/// What one submission got: its status, body and latency.
type Sent = std::io::Result<(u16, String, Duration)>;

/// The clients' side, on a thread of its own (pinned to the second core when `pinned`):
/// `clients` tasks each sending `each` bodies in turn, then `reads` reads of the day's table
/// one after another. Every submission's result and the time they all took, each read's
/// latency, and the CPU time the clients used.
fn client_run(
    pinned: bool,
    to: SocketAddr,
    today: Date,
    bodies: Vec<String>,
    how: Clients,
) -> std::io::Result<Ran> {
    let Clients {
        clients,
        each,
        rate,
        reads,
        game,
    } = how;
    if pinned {
        pin_to(1);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let bodies = std::sync::Arc::new(bodies);
    let cpu = this_thread_cpu();
    let ((sent, sending), reads) = runtime.block_on(async move {
        let start = Instant::now();
        let tasks: Vec<_> = (0..clients)
            .map(|c| {
                let bodies = bodies.clone();
                tokio::spawn(async move {
                    let mut out = Vec::new();
                    for n in c * each..(c + 1) * each {
                        // At a fixed rate, submission n is due at n / rate seconds, and its
                        // latency counts from then (a late start is the server's delay too).
                        let due = rate.map(|r| start + Duration::from_secs_f64(n as f64 / r));
                        if let Some(due) = due {
                            tokio::time::sleep_until(due.into()).await;
                        }
                        let sent = request(to, address(n), "POST /api/submit", &bodies[n]).await;
                        out.push(sent.map(|(status, body, took)| {
                            (status, body, due.map_or(took, |d| d.elapsed()))
                        }));
                    }
                    out
                })
            })
            .collect();
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap_or_default());
        }
        let took = start.elapsed();
        // The day's table as the first player sees it (their rank included).
        let reader = gems_server::player::Secret::parse(&format!("{:032x}", 1))
            .map(|s| s.public_id())
            .unwrap_or_default();
        let head = format!("GET /api/daily/{}/{today}?player={reader}", game.slug());
        let mut times = Vec::new();
        for n in 0..reads {
            let (status, body, took) = request(to, address(total_offset(n)), &head, "").await?;
            if status != 200 || !body.contains("\"top\"") {
                return Err(std::io::Error::other(format!(
                    "the table read got {status} {body}"
                )));
            }
            times.push(took);
        }
        Ok::<_, std::io::Error>(((all, took), times))
    })?;
    Ok(Ran {
        sent,
        sending,
        reads,
        cpu: this_thread_cpu().saturating_sub(cpu),
    })
}

/// Addresses for the reads, apart from the submissions'.
fn total_offset(n: usize) -> usize {
    0x8_0000 + n
}

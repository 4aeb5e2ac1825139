//! Benchmark: the game's systems' time per frame during a full-board cascade on a 100×100 board,
//! headless (`MinimalPlugins`, 16 ms time steps).
//!
//! The board's bottom row and left column are one group; removing it makes every other gem
//! fall one row and slide one column left, so all 9,801 survivors animate at once. The effect
//! systems run too (with the theme's default effects): the removed group's shards fly, up to
//! the theme's cap, and the bench prints how many were alive at once.
//!
//! With `clear` after the side (`cargo run --example cascade_bench -- 100 clear`) the board is
//! one group instead, and one click clears all of it: 10,000 gems leave at once, so the shards
//! meet the theme's cap.
//!
//! `CASCADE_NO_FX=1` sets the shard cap to 0 (the same cascade without shards, to compare), and
//! `CASCADE_TRACE=1` prints every cascade frame's time.
//!
//! Run: `cargo run --example cascade_bench` (add `--release` for an optimised build).

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gems_rules::gems::{Board, Cell, Player, RemovalPolicy, random_board};
use modern_gems::games::gems::headless_app;
use modern_gems::games::gems::model::Phase;
use modern_gems::games::gems::model::{GemsAction, GemsSession, PendingMove};
use modern_gems::kit::fx::FxStats;
use modern_gems::kit::theme::Theme;

const N: usize = 100;

/// Board side: the first argument, or [`N`].
fn side() -> usize {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(N)
}

/// Whether the second argument asks for the whole board as one group.
fn clear() -> bool {
    std::env::args().nth(2).is_some_and(|a| a == "clear")
}

fn cascade_board(n: usize) -> Board {
    if clear() {
        return Board::from_cells(n, n, vec![Some(9); n * n]).expect("valid size");
    }
    let noise = random_board(n, n, 4, 7).expect("valid size");
    let cells = noise.cells().map(|(c, g)| {
        if c.row == n - 1 || c.col == 0 {
            Some(9)
        } else {
            g.kind()
        }
    });
    Board::from_cells(n, n, cells.collect::<Vec<_>>()).expect("valid size")
}

fn stats(mut frames: Vec<Duration>) -> (f64, f64, f64, usize) {
    frames.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = frames.iter().map(|d| ms(*d)).sum::<f64>() / frames.len() as f64;
    let p95 = ms(frames[(frames.len() * 95 / 100).min(frames.len() - 1)]);
    (mean, p95, ms(*frames.last().unwrap()), frames.len())
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn main() {
    let n = side();
    let session = GemsSession::new(
        "cascade".into(),
        cascade_board(n),
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let mut app = headless_app(session, Duration::from_millis(16));
    // Let the deal-in finish.
    while phase(&app) != Phase::Idle {
        app.update();
    }
    if std::env::var_os("CASCADE_NO_FX").is_some() {
        app.world_mut().resource_mut::<Theme>().effects.max_shards = 0;
    }
    let mut idle = Vec::new();
    for _ in 0..120 {
        let t = Instant::now();
        app.update();
        idle.push(t.elapsed());
    }
    app.world_mut()
        .write_message(GemsAction::Select(Cell::new(n - 1, 0)));
    let mut cascade = Vec::new();
    let mut shard_frames = 0;
    loop {
        let t = Instant::now();
        app.update();
        cascade.push(t.elapsed());
        if app.world().resource::<FxStats>().shards > 0 {
            shard_frames += 1;
        }
        let busy = phase(&app).is_transition() || app.world().resource::<PendingMove>().0.is_some();
        if !busy && cascade.len() > 3 {
            break;
        }
    }
    if std::env::var_os("CASCADE_TRACE").is_some() {
        for (i, d) in cascade.iter().enumerate() {
            println!("frame {i}: {:.3} ms", d.as_secs_f64() * 1000.0);
        }
    }
    let (mean, p95, max, frames) = stats(cascade);
    let (imean, ip95, imax, ni) = stats(idle);
    let profile = if cfg!(debug_assertions) {
        "dev"
    } else {
        "release"
    };
    if clear() {
        println!("cascade_bench ({profile} build): {n}x{n} board cleared by one click");
    } else {
        println!(
            "cascade_bench ({profile} build): {n}x{n} board, {} gems moved",
            n * n - 2 * n + 1
        );
    }
    println!(
        "  cascade frames: {frames}, mean {mean:.3} ms, p95 {p95:.3} ms, max {max:.3} ms per frame"
    );
    println!(
        "  idle frames:    {ni}, mean {imean:.3} ms, p95 {ip95:.3} ms, max {imax:.3} ms per frame"
    );
    let fx = app.world().resource::<FxStats>();
    let cap = app.world().resource::<Theme>().effects.max_shards;
    println!(
        "  effects: peak {} live shards (cap {cap}), shards alive in {shard_frames} cascade frames",
        fx.peak
    );
}

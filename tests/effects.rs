//! Juice, headless: a removal throws shards and floats its points, a cleared board is
//! celebrated, the shard cap holds on a huge group, effects end by themselves and leave with
//! their screen, and reduced motion spawns none at all.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Board, Cell, Player, RemovalPolicy};
use modern_gems::games::gems::headless_app;
use modern_gems::games::gems::model::{GemsAction, GemsSession};
use modern_gems::kit::fx::{Celebrating, FloatingText, FxStats, Shard};
use modern_gems::kit::screens::Screen;
use modern_gems::kit::theme::Theme;
use modern_gems::kit::world_text::WorldLabel;

/// Effect entities alive: (shards, floating texts, celebrations).
fn alive(app: &mut App) -> (usize, usize, usize) {
    let w = app.world_mut();
    let shards = w.query_filtered::<(), With<Shard>>().iter(w).count();
    let texts = w.query_filtered::<(), With<FloatingText>>().iter(w).count();
    let parties = w.query_filtered::<(), With<Celebrating>>().iter(w).count();
    (shards, texts, parties)
}

fn labels(app: &mut App) -> Vec<String> {
    let w = app.world_mut();
    let mut q = w.query_filtered::<&WorldLabel, With<FloatingText>>();
    q.iter(w).map(|l| l.text.clone()).collect()
}

/// A settled game of `grid` (rows of kinds) with `theme`.
fn app_with(grid: &[Vec<i64>], theme: Theme) -> App {
    let board = Board::from_grid(grid).unwrap();
    let session = GemsSession::new(
        "fx".into(),
        board,
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let mut app = headless_app(session, Duration::from_millis(16));
    app.insert_resource(theme);
    for _ in 0..120 {
        app.update();
    }
    app
}

/// Plays `cell` and records the most effects seen alive in any of the next `frames` frames.
fn play(app: &mut App, cell: Cell, frames: usize) -> (usize, usize, usize) {
    app.world_mut().write_message(GemsAction::Select(cell));
    let mut most = (0, 0, 0);
    for _ in 0..frames {
        app.update();
        let (s, t, p) = alive(app);
        most = (most.0.max(s), most.1.max(t), most.2.max(p));
    }
    most
}

fn two_kinds() -> Vec<Vec<i64>> {
    vec![vec![1, 1, 2], vec![1, 2, 2], vec![2, 2, 2]]
}

#[test]
fn a_removal_throws_shards_and_its_points_which_then_end() {
    let theme = Theme::default();
    let per = theme.effects.shards_per_piece as usize;
    let mut app = app_with(&two_kinds(), theme);
    // Three gems of kind 1 go: shards from each.
    let most = play(&mut app, Cell::new(0, 0), 20);
    assert_eq!(most.0, 3 * per, "shards from three gems");
    assert!(most.1 >= 1, "a floating score");
    // Everything has ended two seconds later.
    for _ in 0..150 {
        app.update();
    }
    assert_eq!(alive(&mut app), (0, 0, 0));
    assert_eq!(app.world().resource::<FxStats>().shards, 0);
}

#[test]
fn a_cleared_board_is_celebrated() {
    let mut app = app_with(&[vec![3, 3], vec![3, 3]], Theme::default());
    app.world_mut()
        .write_message(GemsAction::Select(Cell::new(0, 0)));
    let mut banner = false;
    let mut party = false;
    for _ in 0..60 {
        app.update();
        banner |= labels(&mut app).iter().any(|l| l == "Board cleared!");
        party |= alive(&mut app).2 > 0;
    }
    assert!(banner && party, "banner {banner}, celebration {party}");
    // The celebration ends by itself.
    for _ in 0..400 {
        app.update();
    }
    assert_eq!(alive(&mut app), (0, 0, 0));
}

#[test]
fn the_shard_cap_holds_on_a_huge_group() {
    let mut theme = Theme::default();
    theme.effects.max_shards = 150;
    let grid = vec![vec![4i64; 60]; 60];
    let mut app = app_with(&grid, theme);
    let most = play(&mut app, Cell::new(10, 10), 40);
    assert_eq!(most.0, 150, "capped");
    assert!(app.world().resource::<FxStats>().peak <= 150);
}

#[test]
fn reduced_motion_spawns_no_effects() {
    let theme = Theme::default().with_reduced_motion();
    let mut app = app_with(&two_kinds(), theme.clone());
    assert_eq!(play(&mut app, Cell::new(0, 0), 30), (0, 0, 0));
    let mut app = app_with(&[vec![3, 3], vec![3, 3]], theme);
    assert_eq!(play(&mut app, Cell::new(0, 0), 60), (0, 0, 0));
}

#[test]
fn effects_leave_with_their_screen() {
    let mut app = app_with(&[vec![3, 3], vec![3, 3]], Theme::default());
    let most = play(&mut app, Cell::new(0, 0), 12);
    assert!(most.0 > 0 && most.2 > 0, "{most:?}");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    assert_eq!(alive(&mut app), (0, 0, 0));
}

//! Grid Duel's Bevy logic, headless (`MinimalPlugins`, manual time steps): whole seeded games
//! played through the same `DuelAction` messages the input and HUD send, with the cell entities
//! checked against the rules' grids, the scoreboard against a rules-only replay of the same
//! choices, and the tie → replay flow.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::grid_duel::{Choice, ComputerKind, Duel, Grid, Outcome, Phase, Side, TURNS, score};
use modern_gems::games::grid_duel;
use modern_gems::games::grid_duel::model::{
    CellState, DuelAction, DuelCell, DuelSession, OnShow, Stage,
};
use modern_gems::headless_screen_app;
use modern_gems::kit::screens::ScreenStatus;

const STEP: Duration = Duration::from_millis(16);

fn app(seed: u64, kind: ComputerKind) -> App {
    let mut app = headless_screen_app(modern_gems::games::grid_duel::SCREEN, STEP);
    app.insert_resource(DuelSession::new(seed, kind))
        .add_plugins(grid_duel::logic_plugin);
    app.update();
    app
}

/// The stage the duel is in, or hands over to at the next state transition.
fn stage(app: &App) -> Stage {
    let world = app.world();
    modern_gems::kit::phase::upcoming(
        world.resource::<State<Stage>>(),
        world.resource::<NextState<Stage>>(),
    )
}

/// Steps frames until the human must choose or the game is over.
fn settle(app: &mut App) -> usize {
    for frame in 0..10_000 {
        app.update();
        if matches!(stage(app), Stage::Choosing | Stage::Over(_)) {
            return frame;
        }
    }
    panic!("never settled: {:?}", stage(app));
}

/// The grid the cell entities show, fully revealed.
fn cells(app: &mut App) -> Grid {
    let mut q = app.world_mut().query::<(&DuelCell, &CellState)>();
    let mut rows = [[0u8; 9]; 9];
    let mut n = 0;
    for (c, s) in q.iter(app.world()) {
        assert_eq!(s.shown, 1.0, "cell {c:?} fully shown when settled");
        rows[c.row][c.col] = s.digit;
        n += 1;
    }
    assert_eq!(n, 81);
    Grid::from_cells(rows).expect("digits 1-9")
}

fn duel(app: &App) -> Duel {
    app.world().resource::<DuelSession>().duel.clone()
}

fn send(app: &mut App, a: DuelAction) {
    app.world_mut().write_message(a);
}

/// Plays a whole game in the app and, choice for choice, on a rules-only duel.
fn play_mirrored(app: &mut App, rules: &mut Duel, choices: &[Choice]) {
    let mut k = 0;
    while let Phase::Human { .. } = rules.phase() {
        settle(app);
        assert_eq!(stage(app), Stage::Choosing);
        let shown = cells(app);
        assert_eq!(
            Some(&shown),
            rules.pending_grid(),
            "ECS shows the rules' pending grid"
        );
        assert_eq!(app.world().resource::<OnShow>().points, score(&shown));
        assert!(app.world().resource::<ScreenStatus>().settled);
        let choice = choices[k % choices.len()];
        k += 1;
        send(
            app,
            match choice {
                Choice::Keep => DuelAction::Keep,
                Choice::RegenerateGrid => DuelAction::RegenerateGrid,
                Choice::RegenerateRow(r) => DuelAction::RegenerateRow(r),
            },
        );
        let played = rules.choose(choice).expect("valid choice");
        app.update();
        assert!(
            !matches!(stage(app), Stage::Choosing),
            "the choice was taken"
        );
        assert_eq!(
            app.world().resource::<OnShow>().show.as_ref().unwrap().grid,
            played.grid
        );
        if rules.phase() == Phase::Computer {
            rules.play_computer().expect("computer's turn");
        }
    }
    settle(app);
    let d = duel(app);
    for side in [Side::Human, Side::Computer] {
        for t in 0..TURNS {
            assert_eq!(d.turn_points(side, t), rules.turn_points(side, t));
        }
        assert_eq!(d.total(side), rules.total(side));
    }
    assert_eq!(d.phase(), rules.phase());
}

#[test]
fn seeded_game_mirrors_the_rules() {
    let choices = [
        Choice::RegenerateRow(3),
        Choice::Keep,
        Choice::RegenerateGrid,
        Choice::RegenerateRow(9),
    ];
    for kind in [ComputerKind::Plain, ComputerKind::Smart] {
        let mut a = app(21, kind);
        let mut rules = Duel::new(21, kind);
        play_mirrored(&mut a, &mut rules, &choices);
        assert!(matches!(stage(&a), Stage::Over(_)));
    }
}

#[test]
fn choices_are_ignored_while_revealing() {
    let mut a = app(4, ComputerKind::Plain);
    app_update_n(&mut a, 3);
    assert!(matches!(stage(&a), Stage::Revealing));
    send(&mut a, DuelAction::RegenerateGrid);
    settle(&mut a);
    assert_eq!(
        duel(&a).phase(),
        Phase::Human { grid: 0 },
        "nothing was played"
    );
    // Reveal takes about a second of frames.
    let mut b = app(4, ComputerKind::Plain);
    let frames = settle(&mut b);
    assert!((40..200).contains(&frames), "{frames}");
}

fn app_update_n(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// Seed 203 with every grid kept ties (see the rules tests); Replay starts game 2.
#[test]
fn a_tie_waits_for_the_replay_then_plays_a_whole_new_game() {
    let mut a = app(203, ComputerKind::Plain);
    let mut rules = Duel::new(203, ComputerKind::Plain);
    play_mirrored(&mut a, &mut rules, &[Choice::Keep]);
    assert_eq!(stage(&a), Stage::Over(Outcome::Tie));
    assert!(
        !a.world().resource::<ScreenStatus>().over,
        "a tie is not the end"
    );
    send(&mut a, DuelAction::Keep);
    app_update_n(&mut a, 30);
    assert_eq!(stage(&a), Stage::Over(Outcome::Tie), "only Replay moves on");
    send(&mut a, DuelAction::Replay);
    rules.replay().unwrap();
    play_mirrored(&mut a, &mut rules, &[Choice::Keep]);
    assert_eq!(duel(&a).game_number(), 2);
    assert_eq!(stage(&a), Stage::Over(Outcome::HumanWins));
    assert!(a.world().resource::<ScreenStatus>().over);
}

#[test]
fn new_game_starts_over_with_the_chosen_computer() {
    let mut a = app(5, ComputerKind::Plain);
    settle(&mut a);
    send(&mut a, DuelAction::Keep);
    settle(&mut a);
    send(&mut a, DuelAction::NewGame { smart: true });
    settle(&mut a);
    let d = duel(&a);
    assert_eq!(d.computer_kind(), ComputerKind::Smart);
    assert_eq!(d.phase(), Phase::Human { grid: 0 });
    assert_eq!(Some(&cells(&mut a)), d.pending_grid());
}

/// `--autoplay`: the human side plays the smart policy by itself and the game reaches its end.
#[test]
fn autoplay_plays_a_whole_game() {
    let mut a = headless_screen_app(modern_gems::games::grid_duel::SCREEN, STEP);
    a.insert_resource(modern_gems::kit::launch::LaunchOptions {
        autoplay: true,
        seed: Some(12),
        ..Default::default()
    })
    .add_plugins(grid_duel::logic_plugin);
    let mut frames = 0;
    while !a.world().resource::<ScreenStatus>().over {
        a.update();
        frames += 1;
        assert!(frames < 20_000, "autoplay never finished: {:?}", stage(&a));
    }
    let d = duel(&a);
    assert!(matches!(
        d.phase(),
        Phase::Over(Outcome::HumanWins | Outcome::ComputerWins)
    ));
    // The seed came from the launch options; the human's grids followed the smart policy, so
    // the same game replays on the rules alone.
    assert_eq!(a.world().resource::<DuelSession>().seed, 12);
    let mut rules = Duel::new(12, ComputerKind::Plain);
    loop {
        match rules.phase() {
            Phase::Human { .. } => {
                let plan = gems_rules::grid_duel::best_row(rules.pending_grid().unwrap());
                let choice = if plan.gain() > 0.0 {
                    Choice::RegenerateRow(plan.row + 1)
                } else {
                    Choice::Keep
                };
                rules.choose(choice).unwrap();
            }
            Phase::Computer => {
                rules.play_computer().unwrap();
            }
            Phase::Over(Outcome::Tie) => rules.replay().unwrap(),
            Phase::Over(_) => break,
        }
    }
    assert_eq!(rules.total(Side::Human), d.total(Side::Human));
    assert_eq!(rules.total(Side::Computer), d.total(Side::Computer));
    assert_eq!(rules.game_number(), d.game_number());
}

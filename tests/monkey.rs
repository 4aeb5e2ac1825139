//! The monkey test: every game's logic plugins in one headless app, driven by a seeded stream
//! of random actions — moves on and off the board, every menu action, undo and redo, new
//! games, switching screens and players, AI turns, actions sent mid-animation, and the kit's
//! chrome (Undo, Hint, Restart, New game, Esc, pause, settings, help, leaving and the game-over
//! window's "Look at the board"). Whenever a game settles, its resume journal must play again
//! to the game on screen (state, undo history and unranked mark). After every
//! frame it checks that the ECS mirrors the rules: each game's entities equal its rules state
//! whenever the game reports itself settled, no game's entities outlive its screen, and the
//! scores the games announce equal the rules' scores, and the chrome's state holds together
//! (a paused game's clock stopped, nothing left open on the title). Nothing may panic.
//!
//! The AI players search with node budgets and run inline, so a seed replays exactly.
//! `MONKEY_SEED` and `MONKEY_FRAMES` run it longer or elsewhere
//! (`MONKEY_SEED=7 MONKEY_FRAMES=2000000 cargo test --test monkey -- --nocapture`); a failure
//! prints the seed, the frame and the last actions.

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Budget, Computer, Expert, Player};
use modern_gems::games::dots;
use modern_gems::games::dots::ai::DotsAutoplay;
use modern_gems::games::dots::model::{DotsAction, DotsSession};
use modern_gems::games::gems;
use modern_gems::games::gems::ai::{Autoplay, GemsComputer};
use modern_gems::games::gems::model::{GemsAction, GemsSession};
use modern_gems::games::grid_duel;
use modern_gems::games::grid_duel::model::DuelAction;
use modern_gems::games::k_in_a_row;
use modern_gems::games::k_in_a_row::ai::KNodeLimit;
use modern_gems::games::k_in_a_row::model::{KAction, KSession};
use modern_gems::games::solo_red;
use modern_gems::games::solo_red::model::{SoloRedAction, SoloRedSession};
use modern_gems::games::solo_red::record::SoloRedRecordPlugin;
use modern_gems::headless_screen_app;
use modern_gems::kit::ai::AiHost;
use modern_gems::kit::screens::{Screen, ScreenStatus};
use modern_gems::kit::seed::Seeds;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Game time per frame: long enough that animations end within a few frames, short enough
/// that actions still land mid-animation.
const STEP: Duration = Duration::from_millis(100);
/// Game time per frame in Grid Duel, whose shows are held for seconds.
const DUEL_STEP: Duration = Duration::from_millis(250);
/// The monkey's rounds: each game in turn for this many frames (it also switches screens at
/// random now and then). Games whose turns take longer get more frames, so that every game
/// settles about as often.
const ROUND: [(Screen, u64); 5] = [
    (modern_gems::games::gems::SCREEN, 1_200),
    (modern_gems::games::dots::SCREEN, 800),
    (modern_gems::games::k_in_a_row::SCREEN, 400),
    (modern_gems::games::solo_red::SCREEN, 1_000),
    (modern_gems::games::grid_duel::SCREEN, 1_600),
];
/// Frames when `MONKEY_FRAMES` is not set: six rounds.
const DEFAULT_FRAMES: u64 = 30_000;
/// Settled states each game must reach in a default run.
const MIN_SETTLES: u32 = 200;
/// The games, in the order the monkey visits them.
const GAMES: [Screen; 5] = [
    modern_gems::games::gems::SCREEN,
    modern_gems::games::dots::SCREEN,
    modern_gems::games::k_in_a_row::SCREEN,
    modern_gems::games::solo_red::SCREEN,
    modern_gems::games::grid_duel::SCREEN,
];

#[path = "monkey/acts.rs"]
mod acts;
use acts::{Act, random_act};

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    Some(
        v.parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, not '{v}'")),
    )
}

/// The app: every game's logic, the AI inline with node budgets, seeded deals.
fn monkey_app(seed: u64) -> App {
    let mut app = headless_screen_app(modern_gems::games::gems::SCREEN, STEP);
    app.insert_resource(AiHost::Inline)
        .insert_resource(Seeds::from_seed(seed))
        .insert_resource(GemsComputer(Computer::new(Expert::new(Budget::Nodes(300)))))
        .insert_resource(KNodeLimit(Some(3_000)))
        .insert_resource(DotsSession::default_with_seed(seed))
        .insert_resource(SoloRedSession::new(seed))
        .add_plugins((
            gems::logic_plugin,
            dots::logic_plugin,
            k_in_a_row::logic_plugin,
            solo_red::logic_plugin,
            SoloRedRecordPlugin,
            grid_duel::logic_plugin,
        ));
    app.world_mut().resource_mut::<Autoplay>().delay = 0.0;
    app.update();
    app
}

/// Sends `act` into the app (messages, or the resources a menu would change).
fn send(app: &mut App, act: &Act) {
    let world = app.world_mut();
    match act.clone() {
        Act::Gems(a) => {
            world.write_message(a);
        }
        Act::Dots(a) => {
            world.write_message(a);
        }
        Act::K(a) => {
            world.write_message(a);
        }
        Act::Solo(a) => {
            world.write_message(a);
        }
        Act::Duel(a) => {
            world.write_message(a);
        }
        Act::Chrome(c) => {
            world.write_message(c);
        }
        Act::Go(screen) => world.resource_mut::<NextState<Screen>>().set(screen),
        Act::GemsAutoplay(on) => world.resource_mut::<Autoplay>().enabled = on,
        Act::DotsAutoplay(on) => world.resource_mut::<DotsAutoplay>().enabled = on,
        Act::Policy(p) => {
            world.write_message(GemsAction::SetPolicy(p));
        }
        Act::Player(p) => {
            world.write_message(GemsAction::SetPlayer(p));
        }
    }
}

/// The scores the games announce when a move settles equal their rules' scores.
#[derive(Resource, Default)]
struct Announced(Vec<String>);

fn check_announced_scores(
    mut settled: MessageReader<modern_gems::kit::status::MoveSettled>,
    gems_session: Res<GemsSession>,
    dots_session: Res<DotsSession>,
    mut errors: ResMut<Announced>,
) {
    for m in settled.read() {
        let rules = match m.game {
            modern_gems::games::gems::SCREEN => {
                (gems_session.game.score(), gems_session.game.is_over())
            }
            modern_gems::games::dots::SCREEN => {
                (dots_session.game.score(), dots_session.game.is_over())
            }
            _ => continue,
        };
        if (m.score, m.game_over) != rules {
            errors.0.push(format!(
                "{m:?} announced; the rules have (score, over) = {rules:?}"
            ));
        }
    }
}

#[path = "monkey/checks.rs"]
mod checks;
use checks::{check_dots, check_duel, check_gems, check_k, check_solo, leftovers};

/// Everything checked after a frame.
fn check_frame(app: &mut App, screen: Screen, settled: bool) -> Result<(), String> {
    let world = app.world_mut();
    leftovers(world, screen)?;
    checks::check_chrome(world, screen)?;
    if let Some(e) = world.resource_mut::<Announced>().0.pop() {
        return Err(e);
    }
    if !settled {
        return Ok(());
    }
    // Once per journal (a replay of a long game takes a while).
    let length = journal_length(world, screen);
    let checked = world.get_resource_or_insert_with(JournalsChecked::default);
    if checked.0.get(screen.slug()) != Some(&length) {
        world
            .resource_mut::<JournalsChecked>()
            .0
            .insert(screen.slug().to_string(), length);
        check_journal(world, screen)?;
    }
    match screen {
        modern_gems::games::gems::SCREEN => check_gems(world),
        modern_gems::games::dots::SCREEN => check_dots(world),
        modern_gems::games::k_in_a_row::SCREEN => check_k(world),
        modern_gems::games::solo_red::SCREEN => check_solo(world),
        modern_gems::games::grid_duel::SCREEN => check_duel(world),
        // The title has no rules to check.
        _ => Ok(()),
    }
}

/// The length of each game's journal when it was last played again.
#[derive(Resource, Default)]
struct JournalsChecked(BTreeMap<String, usize>);

/// How long the journal of the game on `screen` is.
fn journal_length(world: &World, screen: Screen) -> usize {
    match screen {
        modern_gems::games::gems::SCREEN => world.resource::<GemsSession>().journal.len(),
        modern_gems::games::dots::SCREEN => world.resource::<DotsSession>().journal.len(),
        modern_gems::games::k_in_a_row::SCREEN => world.resource::<KSession>().journal.len(),
        modern_gems::games::solo_red::SCREEN => world.resource::<SoloRedSession>().journal.len(),
        modern_gems::games::grid_duel::SCREEN => world
            .resource::<modern_gems::games::grid_duel::model::DuelSession>()
            .journal
            .len(),
        _ => 0,
    }
}

/// Resume's promise: the settled game's journal, played again from its setup through the
/// rules, is the game on screen (its rules state, undo history and unranked mark).
fn check_journal(world: &World, screen: Screen) -> Result<(), String> {
    use modern_gems::kit::resume::Resumable;
    fn same<S: Resumable>(world: &World, show: impl Fn(&S) -> String) -> Result<(), String> {
        let live = world.resource::<S>();
        let Some((setup, journal)) = live.journal() else {
            return Ok(());
        };
        let again =
            S::replay(&setup, &journal).map_err(|e| format!("the journal does not play: {e}"))?;
        let (a, b) = (show(live), show(&again));
        (a == b)
            .then_some(())
            .ok_or_else(|| format!("the journal plays to\n{b}\nnot\n{a}"))
    }
    let h = |len: usize, redo: bool, used: bool| format!(" | back {len}, redo {redo}, used {used}");
    match screen {
        modern_gems::games::gems::SCREEN => same::<GemsSession>(world, |s| {
            // Who plays (a computer player) is not the game's state: a resumed game is the
            // person's.
            let mut game = s.game.clone();
            game.set_player(Player::Interactive);
            format!("{game:?}") + &h(s.history.len(), s.history.can_redo(), s.history.used())
        }),
        modern_gems::games::dots::SCREEN => same::<DotsSession>(world, |s| {
            // A path being drawn is not a move yet.
            let mut game = s.game.clone();
            game.clear_selection();
            format!("{game:?}") + &h(s.history.len(), s.history.can_redo(), s.history.used())
        }),
        modern_gems::games::k_in_a_row::SCREEN => same::<KSession>(world, |s| {
            format!("{:?}", s.game) + &h(s.history.len(), s.history.can_redo(), s.history.used())
        }),
        modern_gems::games::solo_red::SCREEN => same::<SoloRedSession>(world, |s| {
            format!("{:?} {:?} {}", s.game, s.canvas_pile, s.assisted)
                + &h(s.history.len(), s.history.can_redo(), s.history.used())
        }),
        modern_gems::games::grid_duel::SCREEN => same::<
            modern_gems::games::grid_duel::model::DuelSession,
        >(world, |s| {
            format!("{:?}", s.duel) + &h(s.history.len(), s.history.can_redo(), s.history.used())
        }),
        _ => Ok(()),
    }
}

/// What a run did: settled states reached per game.
struct Report {
    settles: BTreeMap<String, u32>,
}

/// Runs the monkey for `frames` frames from `seed`; a failure names the seed, the frame and
/// the last actions.
fn run(seed: u64, frames: u64) -> Report {
    let mut app = monkey_app(seed);
    app.init_resource::<Announced>()
        .add_systems(Last, check_announced_scores);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut recent: VecDeque<(u64, Act)> = VecDeque::new();
    let mut settles: BTreeMap<String, u32> = BTreeMap::new();
    let mut was_settled = false;
    let mut last_screen = modern_gems::games::gems::SCREEN;
    // `MONKEY_TRACE=N`: print every frame from frame N on (the actions and the game's state).
    let trace_from = env_u64("MONKEY_TRACE").unwrap_or(u64::MAX);
    for frame in 0..frames {
        if let Some(next) = round_start(frame) {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(next);
        }
        let screen = *app.world().resource::<State<Screen>>().get();
        let step = if screen == modern_gems::games::grid_duel::SCREEN {
            DUEL_STEP
        } else {
            STEP
        };
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
        // An action in about half the frames, so that some land mid-animation and some on a
        // settled board.
        if rng.random_bool(0.5) {
            let act = random_act(&mut rng, app.world(), screen);
            send(&mut app, &act);
            if frame >= trace_from {
                eprintln!("frame {frame}: {act:?}");
            }
            recent.push_back((frame, act));
            if recent.len() > 12 {
                recent.pop_front();
            }
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            app.update();
            let screen = *app.world().resource::<State<Screen>>().get();
            let settled = app.world().resource::<ScreenStatus>().settled;
            check_frame(&mut app, screen, settled).map(|()| (screen, settled))
        }));
        if frame >= trace_from {
            let w = app.world();
            eprintln!(
                "  after frame {frame}: {:?} {:?} move {}",
                w.resource::<ScreenStatus>(),
                w.get_resource::<State<modern_gems::games::gems::model::Phase>>()
                    .map(|p| *p.get()),
                w.resource::<GemsSession>().game.move_num()
            );
        }
        let failure = match outcome {
            Ok(Ok((screen, settled))) => {
                if settled && (!was_settled || screen != last_screen) {
                    *settles.entry(format!("{screen:?}")).or_default() += 1;
                }
                was_settled = settled;
                last_screen = screen;
                continue;
            }
            Ok(Err(e)) => e,
            Err(panic) => {
                eprintln!("{}", describe(seed, frame, &recent, "the app panicked"));
                resume_unwind(panic);
            }
        };
        panic!("{}", describe(seed, frame, &recent, &failure));
    }
    Report { settles }
}

/// The game whose turn in the round starts at `frame`, if one does.
fn round_start(frame: u64) -> Option<Screen> {
    let length: u64 = ROUND.iter().map(|(_, n)| n).sum();
    let mut at = frame % length;
    for (screen, n) in ROUND {
        if at == 0 {
            return Some(screen);
        }
        at = at.checked_sub(n)?;
    }
    None
}

fn describe(seed: u64, frame: u64, recent: &VecDeque<(u64, Act)>, what: &str) -> String {
    let mut text = format!(
        "monkey failed: {what}\n  replay: MONKEY_SEED={seed} MONKEY_FRAMES={} cargo test --test monkey\n  last actions:\n",
        frame + 1
    );
    for (f, act) in recent {
        let _ = writeln!(text, "    frame {f}: {act:?}");
    }
    text
}

#[test]
fn monkey_keeps_every_game_in_step_with_its_rules() {
    let seed = env_u64("MONKEY_SEED").unwrap_or(0x6d6f_6e6b);
    let frames = env_u64("MONKEY_FRAMES").unwrap_or(DEFAULT_FRAMES);
    let report = run(seed, frames);
    eprintln!(
        "monkey seed {seed}, {frames} frames, settled states: {:?}",
        report.settles
    );
    if frames >= DEFAULT_FRAMES {
        for game in GAMES {
            let n = report
                .settles
                .get(&format!("{game:?}"))
                .copied()
                .unwrap_or(0);
            assert!(
                n >= MIN_SETTLES,
                "{game:?} settled only {n} times (seed {seed}): {:?}",
                report.settles
            );
        }
    }
}

/// A seed replays exactly: the same seed gives the same games, frame for frame.
#[test]
fn a_monkey_seed_replays_exactly() {
    let snapshot = |seed| {
        let mut app = monkey_app(seed);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..1_500 {
            let screen = *app.world().resource::<State<Screen>>().get();
            if rng.random_bool(0.5) {
                let act = random_act(&mut rng, app.world(), screen);
                send(&mut app, &act);
            }
            app.update();
        }
        let w = app.world();
        (
            w.resource::<GemsSession>().game.save_string(),
            w.resource::<DotsSession>().game.score(),
            w.resource::<KSession>().game.moves().to_vec(),
            format!("{:?}", w.resource::<SoloRedSession>().game.hand()),
        )
    };
    assert_eq!(snapshot(5), snapshot(5));
}

#[path = "monkey/replay.rs"]
mod replay;

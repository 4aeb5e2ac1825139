//! The coach, hints and watching, headless (`MinimalPlugins`, manual time steps): when a game
//! ends the Expert plays the same start in the background (worker threads on the desktop, the
//! AI worker on the web) and no frame waits for it; its line, watched with "Show me",
//! replays move by move to the score it reported, unranked; hints are the Expert's moves.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gems_rules::gems::{
    Board, Cell, Game, LineFile, Player, RemovalPolicy, board_by_name, greedy_move,
};
use modern_gems::games::gems::coach::{Coach, CoachAi, CoachBudget, Hint};
use modern_gems::games::gems::headless_app;
use modern_gems::games::gems::model::{GemsAction, GemsSession, Kind, Phase, Position};
use modern_gems::kit::ai::{AiHost, Progress};
use modern_gems::kit::scores::HighScores;

const STEP: Duration = Duration::from_millis(16);

/// The longest frame may take while the coach thinks beside it: the frame's own work, with
/// room for a busy machine (a search run whole within one frame takes its whole budget,
/// 150 ms and more, so this still tells the two apart).
const BUSY_FRAME: Duration = Duration::from_millis(40);

/// The tests time frames: they run one at a time, so another test's searches never share
/// the cores with the frames being timed.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A person's game on `board` under `policy`, with the coach given `coach` to think, its work
/// run on `host`.
fn app(board: &Board, policy: RemovalPolicy, host: AiHost, coach: Duration) -> App {
    let session = GemsSession::new(
        "test".to_string(),
        board.clone(),
        policy,
        Player::Interactive,
    );
    let mut app = headless_app(session, STEP);
    app.insert_resource(host).insert_resource(CoachBudget {
        hint: Duration::from_millis(200),
        game: coach,
    });
    settle(&mut app);
    app
}

fn session(app: &App) -> &GemsSession {
    app.world().resource::<GemsSession>()
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

/// Steps frames until no transition runs, no move is pending and no phase change is queued.
fn settle(app: &mut App) {
    modern_gems::games::gems::settle_gems(app);
}

/// Plays the greedy game to its end through Select messages.
fn play_greedy(app: &mut App) {
    while !session(app).game.is_over() {
        let game = &session(app).game;
        let cell = greedy_move(game.board(), game.policy()).expect("a move");
        app.world_mut().write_message(GemsAction::Select(cell));
        settle(app);
    }
    assert_eq!(phase(app), Phase::Over);
}

/// Steps frames until the coach's line arrives, timing every frame: the line, the slowest
/// frame, and the last progress the coach's search reported while it ran.
fn await_coach(app: &mut App) -> (gems_rules::gems::Line, Duration, Option<Progress>) {
    let mut slowest = Duration::ZERO;
    let mut progress = None;
    let started = Instant::now();
    loop {
        let t = Instant::now();
        app.update();
        slowest = slowest.max(t.elapsed());
        if let Some(line) = &app.world().resource::<Coach>().line {
            return (line.clone(), slowest, progress);
        }
        progress = app.world().resource::<CoachAi>().progress().or(progress);
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the coach never answered"
        );
        // The frames a 60 Hz display would show: the worker thread gets the time between them.
        if *app.world().resource::<AiHost>() != AiHost::Inline {
            std::thread::sleep(Duration::from_millis(4));
        }
    }
}

fn standard(n: usize) -> Board {
    let text = std::fs::read_to_string(format!("assets/boards/standard-{n}.board")).unwrap();
    Board::from_save_string(&text).unwrap()
}

/// The coach's line is legal from the start and scores what it says.
fn assert_replays(board: &Board, policy: RemovalPolicy, line: &gems_rules::gems::Line) {
    let file = LineFile::new("test", board, policy, line.moves.clone())
        .unwrap_or_else(|e| panic!("the coach's line does not replay: {e}"));
    assert_eq!(file.score, line.score);
}

/// Plays the greedy game on `board` under `policy` with the coach on `host` thinking for
/// `budget`, and waits for the coach's line: it replays to the score it reports, no frame
/// was held while the coach thought, and the search's progress reports (its best score so
/// far) were seen, never above the line's score. The line, and the greedy game's score.
fn coach_after_greedy(
    board: &Board,
    policy: RemovalPolicy,
    host: AiHost,
    budget: Duration,
) -> (gems_rules::gems::Line, u64) {
    let mut app = app(board, policy, host, budget);
    play_greedy(&mut app);
    let greedy = session(&app).game.score();
    let (line, slowest, progress) = await_coach(&mut app);
    assert!(
        slowest < BUSY_FRAME,
        "{policy}: a frame took {slowest:?} while the coach ran"
    );
    assert_replays(board, policy, &line);
    let Some(Progress::Score(so_far)) = progress else {
        panic!("{policy}: the coach's search reported no progress: {progress:?}");
    };
    assert!(so_far <= line.score, "{policy}: {so_far} > {}", line.score);
    (line, greedy)
}

#[test]
fn the_coach_answers_on_a_worker_thread_without_stalling_a_frame() {
    let _serial = one_at_a_time();
    let board = standard(1);
    let budget = Duration::from_secs(1);
    let (line, greedy) = coach_after_greedy(&board, RemovalPolicy::Classic, AiHost::Thread, budget);
    assert!(
        line.score > greedy,
        "the Expert ({}) beats the greedy game ({greedy})",
        line.score
    );
}

#[test]
fn the_coach_answers_through_the_worker_s_messages_under_every_policy() {
    let _serial = one_at_a_time();
    let board = board_by_name("random:8x10:4:5").unwrap();
    for policy in RemovalPolicy::ALL {
        let budget = Duration::from_millis(150);
        let (line, greedy) = coach_after_greedy(&board, policy, AiHost::Messages, budget);
        assert!(line.score >= greedy, "{policy}: {} < {greedy}", line.score);
    }
}

/// The browser's way on a machine with cores to spare: the coach's Expert split over three
/// lanes by the page's coordinator (each lane a thread carrying the AI worker's texts), its
/// line legal and as good as the greedy game.
#[test]
fn the_coach_answers_with_its_search_split_over_lanes() {
    let _serial = one_at_a_time();
    let board = standard(3);
    let budget = Duration::from_millis(900);
    let (line, greedy) =
        coach_after_greedy(&board, RemovalPolicy::Classic, AiHost::Lanes(3), budget);
    assert!(line.score >= greedy, "{} < {greedy}", line.score);
}

/// The entities stand where the rules board says.
fn assert_mirror(app: &mut App) {
    let board = session(app).game.board().clone();
    let world = app.world_mut();
    let mut q = world.query::<(&Position, &Kind)>();
    let mut got: Vec<(Cell, u32)> = q.iter(world).map(|(p, k)| (p.cell(), k.0)).collect();
    got.sort();
    let mut expected: Vec<(Cell, u32)> = board.gems().collect();
    expected.sort();
    assert_eq!(got, expected);
}

#[test]
fn show_me_replays_the_coachs_line_to_its_score_unranked() {
    let _serial = one_at_a_time();
    let board = standard(3);
    let policy = RemovalPolicy::Classic;
    let mut app = app(&board, policy, AiHost::Thread, Duration::from_millis(500));
    play_greedy(&mut app);
    let (line, ..) = await_coach(&mut app);
    let key = session(&app).score_key();
    let ranked = app.world().resource::<HighScores>().table(&key).len();
    app.world_mut().write_message(GemsAction::Watch {
        board_name: "test".to_string(),
        board: board.clone(),
        policy,
        watch: Box::new(modern_gems::games::gems::model::Watch {
            who: "the Expert".to_string(),
            moves: line.moves.clone(),
            score: line.score,
        }),
    });
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 0);
    // A click on another group than the line's next move is ignored while watching.
    let next = line.moves[0];
    let game = &session(&app).game;
    let other = game
        .board()
        .gems()
        .map(|(c, _)| c)
        .find(|c| game.check_move(*c).is_ok_and(|g| !g.contains(&next)));
    if let Some(other) = other {
        app.world_mut().write_message(GemsAction::Select(other));
        settle(&mut app);
        assert_eq!(session(&app).game.move_num(), 0, "a click was played");
    }
    let mut rules = Game::new(board.clone(), policy, Player::Interactive);
    for _ in 0..100_000 {
        app.update();
        let s = session(&app);
        if s.game.move_num() as usize > rules.move_num() as usize {
            rules.play(line.moves[rules.move_num() as usize]).unwrap();
            assert_eq!(s.game.score(), rules.score());
        }
        if phase(&app) == Phase::Over {
            break;
        }
    }
    settle(&mut app);
    assert_mirror(&mut app);
    assert_eq!(session(&app).game.score(), line.score);
    assert_eq!(session(&app).game.move_num() as usize, line.moves.len());
    assert_eq!(
        app.world().resource::<HighScores>().table(&key).len(),
        ranked,
        "a watched game is not ranked"
    );
    // Nor does the coach play a watched game.
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<CoachAi>().busy());
}

#[test]
fn a_hint_is_the_experts_first_move() {
    let _serial = one_at_a_time();
    let board = standard(2);
    let mut app = app(
        &board,
        RemovalPolicy::Classic,
        AiHost::Messages,
        Duration::from_secs(1),
    );
    app.world_mut().write_message(GemsAction::Hint);
    let mut hint = Hint::default();
    // The hint's search takes its budget (1 s here) beside the frames.
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        app.update();
        hint = *app.world().resource::<Hint>();
        if hint.cell.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(4));
    }
    let cell = hint.cell.expect("a hint within 30 s");
    assert_eq!(hint.generation, Some(session(&app).generation));
    assert!(session(&app).game.check_move(cell).is_ok());
}

#[test]
fn leaving_the_screen_stops_the_coach() {
    let _serial = one_at_a_time();
    let board = standard(4);
    let mut app = app(
        &board,
        RemovalPolicy::Classic,
        AiHost::Thread,
        Duration::from_secs(30),
    );
    play_greedy(&mut app);
    assert!(app.world().resource::<CoachAi>().busy());
    app.world_mut()
        .resource_mut::<NextState<modern_gems::kit::screens::Screen>>()
        .set(modern_gems::kit::screens::Screen::Title);
    app.update();
    app.update();
    assert!(
        !app.world().resource::<CoachAi>().busy(),
        "the coach stopped"
    );
    assert_eq!(*app.world().resource::<Coach>(), Coach::default());
}

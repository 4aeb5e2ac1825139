//! The jobs' tests: each job's answer is the engine's own for the same position and budget,
//! texts round-trip, and bad positions and texts are refused with the reason.

use super::*;
use crate::gems::{Computer, Expert, random_board};

/// The job of `player`'s line on `board` under the classic rules, with no plan.
fn classic(board: &gems::Board, player: Player, budget: Budget) -> Job {
    Job::gems_line(board, RemovalPolicy::Classic, player, budget, None)
}

#[test]
fn the_worker_job_for_a_spec_player_is_its_move() {
    let board = random_board(8, 8, 4, 3).unwrap();
    for player in [Player::Greedy, Player::LookAhead1] {
        let job = classic(&board, player, Budget::Nodes(1));
        let Answer::Line(line) = run(job, &Cancel::never()) else {
            panic!("{player:?} has a move");
        };
        let want = Computer::default().choose_move(player, &board, RemovalPolicy::Classic);
        assert_eq!(line.moves.first().copied(), want, "{player:?}");
        let mut game = Game::new(board.clone(), RemovalPolicy::Classic, player);
        let points = game.play(line.moves[0]).unwrap().points;
        assert_eq!((line.moves.len(), line.score), (1, points), "{player:?}");
    }
}

#[test]
fn the_worker_job_for_the_expert_is_the_experts_line() {
    let board = random_board(10, 10, 4, 7).unwrap();
    let budget = Budget::Nodes(20_000);
    let job = classic(&board, Player::Expert, budget);
    let Answer::Line(line) = run(job, &Cancel::never()) else {
        panic!("the Expert answers with a line");
    };
    assert_eq!(
        line,
        Expert::new(budget).line(&board, RemovalPolicy::Classic)
    );
    assert!(!line.moves.is_empty());
}

#[test]
fn the_worker_job_for_k_in_a_row_is_the_engines_move() {
    let mut board = k_in_a_row::Board::new(7, 4).unwrap();
    board.set(3, 3, k_in_a_row::Cell::Human);
    board.set(0, 6, k_in_a_row::Cell::Unavailable);
    let strength = Strength::Quality(3);
    let job = Job::k_in_a_row_move(&board, Side::Computer, strength, None, Some(5_000));
    let limits = Limits {
        time: None,
        cancel: Cancel::never(),
        nodes: Some(5_000),
    };
    let want = Engine::with_table_bits(crate::daily::K_IN_A_ROW_TABLE_BITS)
        .best_move(&board, Side::Computer, strength, &limits)
        .best;
    assert!(want.is_some());
    let request = Request { id: 41, job };
    assert_eq!(
        answer(request, &Cancel::never()),
        Reply {
            id: 41,
            answer: Answer::KInARowMove(want)
        }
    );
}

#[test]
fn the_worker_replies_to_a_request_in_text_with_its_id() {
    let board = random_board(6, 6, 3, 2).unwrap();
    let job = classic(&board, Player::Greedy, Budget::Nodes(1));
    let request = Request {
        id: 7,
        job: job.clone(),
    };
    assert_eq!(Request::from_text(&request.to_text()), Ok(request.clone()));
    let reply = Reply::from_text(&respond(&request.to_text())).unwrap();
    assert_eq!(reply, answer(request, &Cancel::never()));
    assert_eq!(reply.id, 7);
    for junk in ["", "Request(", "(id: 1, job: Chess)", "\u{0}"] {
        let reply = Reply::from_text(&respond(junk)).unwrap();
        assert_eq!(reply.id, 0, "{junk:?}");
        let Answer::Refused(why) = reply.answer else {
            panic!("{junk:?} is refused");
        };
        assert!(why.starts_with("not a request"), "{why}");
    }
    assert!(Reply::from_text("Reply(").is_err());
}

/// The texts web/smoke.mjs sends the browser's worker and expects back.
#[test]
fn the_worker_texts_are_what_the_browser_test_sends_and_expects() {
    let text = "(id: 9, job: KInARowMove(board: \"5\\n4\\n1\\neeeee\\neeeee\\neehee\\neeeee\\neeeee\", \
                side: Computer, strength: Quality(2), time: None, nodes: Some(2000)))";
    let request = Request::from_text(text).unwrap();
    let Job::KInARowMove { board, .. } = &request.job else {
        panic!("a K in a row request");
    };
    assert_eq!(board, "5\n4\n1\neeeee\neeeee\neehee\neeeee\neeeee");
    let reply = respond(text);
    let Answer::KInARowMove(Some(m)) = answer(request, &Cancel::never()).answer else {
        panic!("a move on a board with empty squares");
    };
    assert_eq!(
        reply,
        format!(
            "(id:9,answer:KInARowMove(Some((row:{},col:{}))))",
            m.row, m.col
        )
    );
    // The long search whose progress reports the browser test counts (a 12×12 board built
    // by web/smoke.mjs).
    let long = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/smoke-expert-request.txt"
    ))
    .unwrap();
    let request = Request::from_text(long.trim_end()).unwrap();
    let Job::GemsLine {
        board,
        budget,
        player,
        ..
    } = &request.job
    else {
        panic!("a Modern Gems request");
    };
    assert_eq!(
        (*player, *budget),
        (Player::Expert, Budget::Time(Duration::from_secs(1)))
    );
    assert_eq!(gems::Board::from_save_string(board).unwrap().rows(), 12);
    let refused = respond("(id: 3, job: Chess)");
    assert!(
        refused.starts_with("(id:0,answer:Refused(\"not a request: "),
        "{refused}"
    );
}

#[test]
fn the_worker_job_for_k_in_a_row_squares_is_the_analysis() {
    let mut board = k_in_a_row::Board::new(4, 3).unwrap();
    board.set(1, 1, k_in_a_row::Cell::Computer);
    board.set(0, 0, k_in_a_row::Cell::Unavailable);
    let job = Job::KInARowSquares {
        board: k_in_a_row::board_file_text(&board, 1),
        side: Side::Human,
        time: None,
        proofs: true,
        estimate: Some((2, 3_000)),
    };
    let Answer::KInARowSquares(values) = run(job, &Cancel::never()) else {
        panic!("the squares' values");
    };
    let mut want = SquareAnalysis::new(
        board,
        Side::Human,
        Limits::default(),
        true,
        Some((2, 3_000)),
    );
    want.step(
        &mut Engine::with_table_bits(crate::daily::K_IN_A_ROW_TABLE_BITS),
        None,
        &Cancel::never(),
    );
    assert_eq!(values, want.values());
    assert_eq!(values.len(), 14);
    assert!(
        values
            .iter()
            .all(|(_, v)| matches!(v, SquareValue::Proven(_)))
    );
}

#[test]
fn the_worker_job_for_dots_is_the_planners_selection() {
    let board = dots::Board::parse("1212\n2121\n1122\n2211").unwrap();
    let job = Job::DotsPlan {
        board: board.to_string(),
        moves_left: 5,
        seed: 11,
    };
    let want = dots::Planner::new(11).choose(&board, 5);
    assert!(want.is_some());
    assert_eq!(run(job, &Cancel::never()), Answer::DotsPlan(want));
    let bad = Job::DotsPlan {
        board: "12\n1x".into(),
        moves_left: 1,
        seed: 0,
    };
    assert!(matches!(run(bad, &Cancel::never()), Answer::Refused(_)));
}

#[test]
fn the_worker_job_for_solo_red_is_the_hint() {
    let mut game = solo_red::Game::new(5);
    game.start(&solo_red::Game::all_cards(), true, 4, 7)
        .unwrap();
    let position = SoloRedPosition::of(&game);
    assert_eq!(
        position.game().map(|g| SoloRedPosition::of(&g)),
        Ok(position.clone())
    );
    let job = Job::SoloRedHint {
        position: position.clone(),
        seed: 3,
        rollouts: 200,
    };
    let want = solo_red::ai::hint(&game, 3, 200).or_else(|| solo_red::ai::any_move(&game));
    assert!(want.is_some());
    let reply = answer(Request { id: 2, job }, &Cancel::never());
    assert_eq!(Reply::from_text(&reply.to_text()), Ok(reply.clone()));
    assert_eq!(reply.answer, Answer::SoloRedMove(want));
    let mut twice = position.clone();
    twice.hand = format!("{} {}", position.hand, position.palettes[0]);
    let refused = run(
        Job::SoloRedHint {
            position: twice,
            seed: 0,
            rollouts: 1,
        },
        &Cancel::never(),
    );
    assert!(
        matches!(refused, Answer::Refused(ref why) if why.starts_with("not a Solo Red")),
        "{refused:?}"
    );
    assert!(
        Reply::from_text("(id:1,answer:SoloRedMove(Some((canvas:None,palette:0,card:\"Z9\"))))")
            .is_err()
    );
}

#[test]
fn the_worker_job_for_the_playouts_benchmark_counts_playouts() {
    let board = random_board(15, 15, 5, 1).unwrap();
    let job = Job::Playouts {
        board: board.save_string(),
        policy: RemovalPolicy::Classic,
        millis: 20,
    };
    let Answer::Playouts { playouts, micros } = run(job, &Cancel::never()) else {
        panic!("the benchmark counts");
    };
    assert!(playouts >= 64 && playouts % 64 == 0, "{playouts}");
    assert!(micros >= 20_000, "{micros}");
    let single = Job::Playouts {
        board: board.save_string(),
        policy: RemovalPolicy::Single,
        millis: 1,
    };
    assert!(matches!(run(single, &Cancel::never()), Answer::Refused(_)));
}

#[test]
fn the_worker_refuses_a_bad_position_or_a_humans_move_with_the_reason() {
    let bad = Job::GemsLine {
        board: "1 2\n3".into(),
        policy: RemovalPolicy::Classic,
        player: Player::Expert,
        budget: Budget::Nodes(10),
        plan: None,
    };
    let Answer::Refused(why) = run(bad, &Cancel::never()) else {
        panic!("a ragged board is refused");
    };
    assert!(why.starts_with("not a Modern Gems board"), "{why}");
    let board = random_board(5, 5, 3, 1).unwrap();
    let human = classic(&board, Player::Interactive, Budget::Nodes(10));
    assert!(matches!(run(human, &Cancel::never()), Answer::Refused(_)));
    let k_bad = Job::KInARowMove {
        board: "3\n9\n1\neee\neee\neee".into(),
        side: Side::Computer,
        strength: Strength::Quality(1),
        time: None,
        nodes: Some(10),
    };
    let Answer::Refused(why) = run(k_bad, &Cancel::never()) else {
        panic!("k over the size is refused");
    };
    assert!(why.starts_with("not a K in a row board"), "{why}");
}

#[test]
fn a_grid_duel_choice_is_the_smart_players_and_a_bad_grid_is_refused() {
    use crate::grid_duel::{self, Grid};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let grid = Grid::random(&mut rng);
        let (choice, plan) = grid_duel::advice(&grid);
        let text = Request {
            id: 4,
            job: Job::grid_duel_choice(&grid),
        }
        .to_text();
        let reply = Reply::from_text(&respond(&text)).unwrap();
        assert_eq!(reply.answer, Answer::GridDuelChoice(choice, plan));
    }
    let bad = Job::GridDuelChoice {
        grid: "1 2 3".into(),
    };
    assert!(matches!(run(bad, &Cancel::never()), Answer::Refused(_)));
}

/// The Expert split over three lanes that share only messages (the browser's workers, here
/// run one piece after another): the coordinator hands out every probe, then each lane's
/// beams, and the best line replays to its score and is no worse than the greedy game's.
#[test]
fn an_expert_search_split_into_pieces_finds_a_line_that_replays() {
    use crate::gems::lanes::{Coordinator, Piece};
    use std::time::Instant;
    let board = random_board(10, 10, 4, 3).unwrap();
    let policy = RemovalPolicy::Classic;
    let budget = Duration::from_millis(900);
    let mut coordinator = Coordinator::new(Line::default());
    let started = Instant::now();
    let mut free: Vec<usize> = (0..3).collect();
    let mut probes = 0;
    while let Some(lane) = free.pop() {
        let piece = coordinator.next_piece(lane);
        let job = Job::GemsPiece {
            board: board.save_string(),
            policy,
            budget,
            plan: None,
            piece,
            elapsed_ms: started.elapsed().as_millis() as u64,
        };
        let text = Request { id: 1, job }.to_text();
        let Answer::GemsPiece(found) = Reply::from_text(&respond(&text)).unwrap().answer else {
            panic!("a piece's answer");
        };
        coordinator.take(piece, found);
        // A lane gets pieces until its beams have run.
        match piece {
            Piece::Probe { .. } => {
                probes += 1;
                free.push(lane);
            }
            Piece::Beams { .. } => {}
        }
    }
    assert!(probes >= 3, "the first round probes ({probes})");
    assert!(
        started.elapsed() < budget * 3,
        "the pieces end by the budget"
    );
    let line = coordinator.best();
    let mut game = Game::new(board.clone(), policy, Player::Interactive);
    for &cell in &line.moves {
        game.play(cell).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(game.score(), line.score);
    let greedy = run(
        Job::gems_line(&board, policy, Player::Greedy, Budget::Nodes(1), None),
        &Cancel::never(),
    );
    let Answer::Line(greedy) = greedy else {
        panic!()
    };
    assert!(line.score >= greedy.score);
}

/// The reports `respond_reporting` posts while `job` runs, and its reply.
fn reports_of(job: Job) -> (Vec<Report>, Reply) {
    use std::sync::{Arc, Mutex};
    let posted = Arc::new(Mutex::new(Vec::new()));
    let inbox = posted.clone();
    let text = Request { id: 12, job }.to_text();
    let reply = respond_reporting(&text, &Cancel::new(), move |t| {
        inbox.lock().unwrap().push(t);
    });
    let reports = posted
        .lock()
        .unwrap()
        .iter()
        .map(|t| Report::from_text(t).unwrap())
        .collect();
    (reports, Reply::from_text(&reply).unwrap())
}

#[test]
fn the_worker_reports_the_experts_best_score_as_it_searches() {
    let board = random_board(15, 15, 5, 3).unwrap();
    assert_reports_scores(&board, RemovalPolicy::Classic);
}

#[test]
fn the_worker_reports_the_experts_best_score_on_boards_the_beams_do_not_take() {
    // Over 15×16: Nested Monte-Carlo Search on the byte engine.
    let board = random_board(20, 20, 5, 3).unwrap();
    assert_reports_scores(&board, RemovalPolicy::Classic);
    // The Adjacent rule: the nested search on the rules engine.
    let board = random_board(12, 12, 4, 5).unwrap();
    assert_reports_scores(&board, RemovalPolicy::Adjacent);
}

/// Runs the Expert for 450 ms on `board` under `policy` and checks its progress reports: at
/// least two, each a score never below the one before nor above the line the job answers with,
/// at most one per [`REPORT_EVERY`].
fn assert_reports_scores(board: &gems::Board, policy: RemovalPolicy) {
    let budget = Budget::Time(Duration::from_millis(450));
    let (reports, reply) = reports_of(Job::gems_line(board, policy, Player::Expert, budget, None));
    let Answer::Line(line) = reply.answer else {
        panic!("the Expert answers with a line");
    };
    assert!(reports.len() >= 2, "{reports:?}");
    let mut last = (0, 0);
    for r in &reports {
        assert_eq!(r.id, 12);
        let Progress::Score(score) = r.progress else {
            panic!("the Expert reports scores: {r:?}");
        };
        assert!(
            score >= last.1 && score <= line.score,
            "{reports:?} {}",
            line.score
        );
        assert!(r.elapsed_ms >= last.0);
        last = (r.elapsed_ms, score);
    }
    for pair in reports.windows(2) {
        assert!(pair[1].elapsed_ms + 1 >= pair[0].elapsed_ms + REPORT_EVERY.as_millis() as u64);
    }
}

#[test]
fn the_worker_reports_k_in_a_row_positions_and_depth_as_it_searches() {
    let mut board = k_in_a_row::Board::new(15, 5).unwrap();
    board.set(7, 7, k_in_a_row::Cell::Human);
    let job = Job::k_in_a_row_move(
        &board,
        Side::Computer,
        Strength::Perfect,
        Some(Duration::from_millis(450)),
        None,
    );
    let (reports, reply) = reports_of(job);
    assert!(matches!(reply.answer, Answer::KInARowMove(Some(_))));
    assert!(!reports.is_empty());
    let mut last = 0;
    for r in &reports {
        let Progress::Nodes { nodes, .. } = r.progress else {
            panic!("K in a row reports positions: {r:?}");
        };
        assert!(nodes > last, "{reports:?}");
        last = nodes;
    }
}

//! Modern Gems' soak.

use gems_rules::gems::fast::FastRng;
use gems_rules::gems::{
    Board, Budget, Computer, Expert, Game, Player, RemovalPolicy, check, legal_moves, named_board,
    named_board_names, random_board,
};

use super::Tally;

/// Nodes the Expert searches per move in the soak (a node budget: the same game on any load).
const EXPERT_NODES: u64 = 300;

/// Modern Gems: random and named boards, every policy in turn, Greedy / LookAhead1 / random
/// legal moves, and one game in 150 played by the Expert on a random board of up to 20×20;
/// [`check::check_move`] after every move.
pub fn soak_modern_gems(games: u64, seed: u64) -> Tally {
    let names: Vec<&str> = named_board_names().collect();
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
        let policy = RemovalPolicy::ALL[i as usize % RemovalPolicy::ALL.len()];
        let label = format!("modern-gems #{i} {}", policy.short_name());
        tally.run(&label, game_seed, || {
            let mut rng = FastRng::new(game_seed);
            if i % 150 == 75 {
                let board = random_board(
                    1 + rng.below(20),
                    1 + rng.below(20),
                    2 + rng.below(4) as u32,
                    game_seed,
                )
                .map_err(|e| e.to_string())?;
                return play_modern_gems(board, policy, Player::Expert, &mut rng);
            }
            let board = if i % 10 == 9 {
                let name = names[rng.below(names.len())];
                named_board(name).ok_or_else(|| format!("named board {name} missing"))?
            } else {
                random_board(
                    1 + rng.below(12),
                    1 + rng.below(12),
                    1 + rng.below(5) as u32,
                    game_seed,
                )
                .map_err(|e| e.to_string())?
            };
            let player = [Player::Greedy, Player::LookAhead1, Player::Interactive][rng.below(3)];
            play_modern_gems(board, policy, player, &mut rng)
        });
    }
    tally
}

/// Plays one Modern Gems game to the end (`Player::Interactive` stands for random legal
/// moves) and checks every move; returns the number of moves.
fn play_modern_gems(
    board: Board,
    policy: RemovalPolicy,
    player: Player,
    rng: &mut FastRng,
) -> Result<u64, String> {
    check::check_settled(&board)?;
    let mut game = Game::new(board, policy, Player::Interactive);
    let mut moves = 0u64;
    while !game.is_over() {
        let before = game.board().clone();
        let legal = legal_moves(&before, policy);
        if legal.is_empty() {
            return Err("the game is not over but has no legal move".into());
        }
        let cell = if player == Player::Interactive {
            legal[rng.below(legal.len())].cell
        } else {
            Computer::new(Expert::new(Budget::Nodes(EXPERT_NODES)))
                .choose_move(player, &before, policy)
                .ok_or("the AI found no move in a game that is not over")?
        };
        // The group the move should remove, as the policy flags it on a copy.
        let mut probe = before.clone();
        policy.flag_connected_gems(cell.row, cell.col, &mut probe);
        let group = probe.flagged_cells().len();
        if group < policy.min_group() {
            return Err(format!("the AI chose {cell:?}, which is not a legal move"));
        }
        let score_before = game.score();
        let outcome = game
            .play(cell)
            .map_err(|e| format!("a legal move was refused: {e}"))?;
        check::check_move(&before, score_before, group, &outcome, &game)?;
        moves += 1;
        if moves > 1_000_000 {
            return Err("the game does not end".into());
        }
    }
    if !legal_moves(game.board(), policy).is_empty() {
        return Err("the game is over but a legal move is left".into());
    }
    Ok(moves)
}

//! The monkey's action log replayed: every change to a game goes through its action, the
//! computer's moves included, so a run's log replayed into an app whose computer never thinks
//! gives the same games.

use super::*;

/// What the replay test logs: every game action in the frame its game reads it (the
/// computer's moves included), and every change of screen.
#[derive(Resource, Default)]
struct ActionLog {
    frame: u64,
    acts: Vec<(u64, Act)>,
}

/// A system logging the actions of type `A` that the game on screen is about to read: it runs
/// after the game's input and before its actions, so the log holds what the actions step
/// reads, whoever wrote it (the monkey, the chrome, the computer).
fn log_actions<A: Message + Clone>(
    wrap: fn(A) -> Act,
) -> impl FnMut(MessageReader<A>, ResMut<ActionLog>) {
    move |mut actions, mut log| {
        let frame = log.frame;
        for a in actions.read() {
            log.acts.push((frame, wrap(a.clone())));
        }
    }
}

/// Adds the loggers of the five games' actions.
fn add_action_log(app: &mut App) {
    use modern_gems::kit::schedule::{GameSet, GameSystems};
    app.init_resource::<ActionLog>();
    for screen in GAMES {
        let input = GameSet(screen, GameSystems::Input);
        let actions = GameSet(screen, GameSystems::Actions);
        app.add_systems(
            Update,
            (
                log_actions::<GemsAction>(Act::Gems),
                log_actions::<DotsAction>(Act::Dots),
                log_actions::<KAction>(Act::K),
                log_actions::<SoloRedAction>(Act::Solo),
                log_actions::<DuelAction>(Act::Duel),
            )
                .after(input)
                .before(actions)
                .run_if(in_state(screen)),
        );
    }
}

/// The five rules' games, as text: equal texts, equal games.
fn rules_state(w: &World) -> [String; 5] {
    [
        format!("{:?}", w.resource::<GemsSession>().game),
        format!("{:?}", w.resource::<DotsSession>().game),
        format!("{:?}", w.resource::<KSession>().game),
        format!("{:?}", w.resource::<SoloRedSession>().game),
        format!(
            "{:?}",
            w.get_resource::<modern_gems::games::grid_duel::model::DuelSession>()
                .map(|s| &s.duel)
        ),
    ]
}

/// Whether `act` is a chrome command the kit carries out (a game answers the others with its
/// own action, which the log holds).
fn kit_command(act: &Act) -> bool {
    use modern_gems::kit::chrome::ChromeCommand::*;
    matches!(
        act,
        Act::Chrome(
            NewGame | Escape | Pause | Help | Settings | Leave | ConfirmLeave | Stay | HideGameOver
        )
    )
}

/// Every change to a game goes through its action: a monkey run's action log, the computer's
/// moves included, replayed into a fresh app whose computer players never think, gives the
/// same rules' games at every frame where the run was settled.
#[test]
fn a_monkey_run_replays_from_its_action_log() {
    let seed = 0x7265_706c;
    let frames = ROUND.iter().map(|(_, n)| n).sum::<u64>();
    let fresh = |host: AiHost| {
        let mut app = monkey_app(seed);
        app.insert_resource(host);
        add_action_log(&mut app);
        // The loggers' first run reads what the start-up wrote (also in the replay): drop it.
        app.update();
        app.world_mut().resource_mut::<ActionLog>().acts.clear();
        app
    };
    let step_of = |app: &App| {
        let screen = *app.world().resource::<State<Screen>>().get();
        if screen == modern_gems::games::grid_duel::SCREEN {
            DUEL_STEP
        } else {
            STEP
        }
    };

    // The run: the monkey plays, the computer thinks, the log fills.
    let mut app = fresh(AiHost::Inline);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut settled_states = Vec::new();
    for frame in 0..frames {
        app.world_mut().resource_mut::<ActionLog>().frame = frame;
        if let Some(next) = round_start(frame) {
            send(&mut app, &Act::Go(next));
            app.world_mut()
                .resource_mut::<ActionLog>()
                .acts
                .push((frame, Act::Go(next)));
        }
        let step = step_of(&app);
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
        if rng.random_bool(0.5) {
            let screen = *app.world().resource::<State<Screen>>().get();
            match random_act(&mut rng, app.world(), screen) {
                act @ (Act::Go(_)
                | Act::GemsAutoplay(_)
                | Act::DotsAutoplay(_)
                | Act::Chrome(_)) => {
                    send(&mut app, &act);
                    // What the kit carries out is logged; what a game answers reaches the
                    // log as the game's own action.
                    if matches!(act, Act::Go(_)) || kit_command(&act) {
                        app.world_mut()
                            .resource_mut::<ActionLog>()
                            .acts
                            .push((frame, act));
                    }
                }
                act => send(&mut app, &act),
            }
        }
        app.update();
        if app.world().resource::<ScreenStatus>().settled {
            settled_states.push((frame, rules_state(app.world())));
        }
    }
    let log = std::mem::take(&mut app.world_mut().resource_mut::<ActionLog>().acts);
    let computer_moves = log
        .iter()
        .filter(|(_, a)| {
            matches!(
                a,
                Act::K(KAction::Computer(_))
                    | Act::Solo(SoloRedAction::Play(_))
                    | Act::Duel(DuelAction::ComputerTurn)
            )
        })
        .count();
    assert!(
        computer_moves > 0 && settled_states.len() > 100,
        "the run has computer moves ({computer_moves}) and settled states ({})",
        settled_states.len()
    );

    // The replay: the same actions at the same frames, and no computer thinking.
    let mut replay = fresh(AiHost::Off);
    let mut next = log.iter().peekable();
    let mut settled = settled_states.iter().peekable();
    for frame in 0..frames {
        while let Some((_, act)) = next.next_if(|(f, _)| *f == frame) {
            send(&mut replay, act);
        }
        let step = step_of(&replay);
        replay.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
        replay.update();
        if let Some((_, want)) = settled.next_if(|(f, _)| *f == frame) {
            assert_eq!(
                &rules_state(replay.world()),
                want,
                "frame {frame}: the replay differs from the run"
            );
        }
    }
    assert!(settled.next().is_none(), "every settled state was compared");
}

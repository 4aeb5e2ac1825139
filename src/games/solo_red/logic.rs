//! Solo Red's logic: actions change the rules' game, the card entities follow the places the
//! rules give the cards (gliding there), the phase follows the rules, and the screen reports
//! when it waits for the player.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::solo_red::{Card, PlayResult};

use super::ai::{AiSearches, AiTask, spawn_ai};
use super::model::{
    CardEntity, Gliding, HAND, PALETTES, Place, SoloPhase, SoloRedAction, SoloRedSession,
    place_position, table,
};
use crate::kit::ai::AiHost;
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::ViewArea;
use crate::kit::phase::PhaseOf;
use crate::kit::screens::ScreenStatus;

/// Applies actions, keeps the card entities and the phase, reports the status.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<table::Table>()
        .add_systems(OnEnter(super::SCREEN), enter)
        .add_systems(OnEnter(SoloPhase::Over), celebrate_win)
        .add_systems(
            Update,
            handle_actions.in_set(super::set(GameSystems::Actions)),
        )
        .add_systems(
            Update,
            (sync_cards, glide, follow_rules, status)
                .chain()
                .in_set(super::set(GameSystems::Animate)),
        );
}

/// On entering the screen: deal a first game (from `--seed` when given), or lay the table of the game in play out again
/// (its card entities left with the screen).
pub(super) fn enter(
    mut commands: Commands,
    session: Option<ResMut<SoloRedSession>>,
    opts: Option<Res<crate::kit::launch::LaunchOptions>>,
    mut seeds: ResMut<crate::kit::seed::Seeds>,
) {
    match session {
        Some(mut s) => s.set_changed(),
        None => {
            // The first deal comes from `--seed`, `--palettes` and `--hand` (a shared link)
            // when there are some (the flags were checked against the settings' limits).
            let opts = opts.filter(|o| o.game.is_none_or(|g| g == super::SCREEN));
            let seed = opts
                .as_ref()
                .and_then(|o| o.seed)
                .unwrap_or_else(|| seeds.next_seed());
            let setup = opts.as_ref().map(|o| &o.setup);
            let palettes = setup.and_then(|s| s.palettes).unwrap_or(PALETTES);
            let hand = setup.and_then(|s| s.hand).unwrap_or(HAND);
            let session = SoloRedSession::dealt(seed, palettes, hand)
                .unwrap_or_else(|_| SoloRedSession::new(seed));
            commands.insert_resource(session);
        }
    }
}

fn handle_actions(
    mut actions: MessageReader<SoloRedAction>,
    mut s: ResMut<SoloRedSession>,
    mut ai_task: ResMut<AiTask>,
    mut searches: ResMut<AiSearches>,
    host: Res<AiHost>,
) {
    for a in actions.read() {
        match *a {
            SoloRedAction::NewGame(seed) => {
                *s = s.redeal(seed);
                ai_task.cancel();
                continue;
            }
            SoloRedAction::Deal {
                seed,
                palettes,
                hand,
            } => {
                match SoloRedSession::dealt(seed, palettes, hand) {
                    Ok(fresh) => *s = fresh,
                    Err(e) => s.message = format!("{e}."),
                }
                ai_task.cancel();
                continue;
            }
            SoloRedAction::Undo | SoloRedAction::Redo => {
                if s.step_history(*a == SoloRedAction::Undo) {
                    ai_task.cancel();
                }
                continue;
            }
            SoloRedAction::ToggleAutoplay => {
                s.toggle_autoplay();
                continue;
            }
            _ if s.game.is_over() => {
                s.message = "The game is over: deal a new one.".into();
                continue;
            }
            SoloRedAction::Select(i) if i < s.game.hand().len() => {
                s.selected = if s.selected == Some(i) { None } else { Some(i) };
            }
            SoloRedAction::Select(_) => {}
            SoloRedAction::Palette(p) => {
                let Some(i) = s.selected else {
                    s.message = "Pick a card from your hand first.".into();
                    continue;
                };
                s.generation.bump();
                match s.play_palette(p, i) {
                    Ok(PlayResult::Winning) => s.message.clear(),
                    Ok(PlayResult::Lost) => {
                        s.message = format!("Palette {} does not win: game lost.", p + 1);
                    }
                    Err(e) => s.message = format!("{e}."),
                }
                s.selected = None;
                s.hint = None;
            }
            SoloRedAction::Canvas => {
                let Some(i) = s.selected else {
                    s.message = "Pick a card from your hand first.".into();
                    continue;
                };
                s.generation.bump();
                match s.play_canvas(i) {
                    Ok(()) => {
                        s.message.clear();
                    }
                    Err(e) => s.message = format!("{e}."),
                }
                s.selected = None;
                s.hint = None;
            }
            SoloRedAction::Play(m) => {
                s.selected = None;
                s.hint = None;
                match s.apply(m) {
                    Ok(PlayResult::Winning) => {}
                    Ok(PlayResult::Lost) => {
                        s.message = "No play could keep a palette winning: game lost.".into();
                    }
                    Err(e) => s.message = format!("{e}."),
                }
            }
            SoloRedAction::Hint => {
                if !ai_task.busy() {
                    spawn_ai(&s, &host, &mut ai_task, &mut searches, false);
                    s.message = "Thinking…".into();
                }
            }
        }
    }
}

/// Makes the card entities mirror the rules: one per card on the table, each told its place.
/// New cards (drawn) appear at the deck.
fn sync_cards(
    mut commands: Commands,
    s: Res<SoloRedSession>,
    t: Res<table::Table>,
    mut cards: Query<(Entity, &mut CardEntity)>,
) {
    if t.is_changed() {
        // The table was laid out again (the window turned): every card glides to its new place.
        for (e, _) in &cards {
            commands.entity(e).insert(Gliding);
        }
    }
    if !s.is_changed() {
        return;
    }
    let places = s.places();
    let mut existing: Vec<(Entity, Card)> = Vec::new();
    for (e, mut ce) in &mut cards {
        match places.iter().find(|(c, _)| *c == ce.card) {
            Some(&(_, place)) => {
                if ce.place != place {
                    ce.place = place;
                    if !matches!(place, Place::Hand(_)) {
                        commands.entity(e).insert(Landing);
                    }
                }
                commands.entity(e).insert(Gliding);
                existing.push((e, ce.card));
            }
            None => commands.entity(e).despawn(),
        }
    }
    for (card, place) in places {
        if existing.iter().all(|(_, c)| *c != card) {
            commands.spawn((
                CardEntity { card, place },
                Gliding,
                Transform::from_translation(t.deck().extend(8.0)),
                Visibility::default(),
                DespawnOnExit(super::SCREEN),
            ));
        }
    }
}

/// A card on its way from the hand to a palette or the canvas: it lands with a burst.
#[derive(Component)]
struct Landing;

/// Moves card entities towards their places.
fn glide(
    mut commands: Commands,
    time: Res<Time>,
    s: Res<SoloRedSession>,
    t: Res<table::Table>,
    palette: Res<crate::kit::palette::Palette>,
    mut cards: Query<(Entity, &CardEntity, &mut Transform, Has<Landing>), With<Gliding>>,
    mut fx: FxWriters,
) {
    let n = s.game.num_palettes();
    let h = s.game.hand().len();
    let k = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (e, ce, mut tf, landing) in &mut cards {
        let lifted = matches!(ce.place, Place::Hand(i) if s.selected == Some(i));
        let target = place_position(*t, ce.place, n, h, lifted);
        let d = target.truncate() - tf.translation.truncate();
        if d.length() < 0.5 {
            tf.translation = target;
            commands.entity(e).remove::<(Gliding, Landing)>();
            if landing {
                let c = *palette.table.card(ce.card.colour());
                let edge = [(-0.5, 0.0), (0.5, 0.0), (0.0, -0.5), (0.0, 0.5)];
                let pieces = edge
                    .iter()
                    .map(|&(x, y)| {
                        (
                            target.truncate() + Vec2::new(x * table::CARD_W, y * table::CARD_H),
                            c,
                        )
                    })
                    .collect();
                fx.burst(pieces, table::CARD_W / 3.0);
            }
        } else {
            let xy = tf.translation.truncate() + d * k;
            // Travelling cards fly above the table.
            tf.translation = xy.extend(target.z + 10.0);
        }
    }
}

/// A won deal is celebrated over the table.
fn celebrate_win(s: Res<SoloRedSession>, area: Res<ViewArea>, mut fx: FxWriters) {
    if s.game.is_won() {
        fx.celebrate(Celebration::Won, area.middle());
    }
}

/// The phase follows the rules' game.
fn follow_rules(s: Res<SoloRedSession>, mut phase: PhaseOf<SoloPhase>) {
    phase.set(if s.game.is_over() {
        SoloPhase::Over
    } else {
        SoloPhase::Playing
    });
}

/// Settled when no card moves, no search runs and the player is to play (autoplay off) or the
/// deal is over.
fn status(
    s: Res<SoloRedSession>,
    t: Res<AiTask>,
    phase: PhaseOf<SoloPhase>,
    moving: Query<(), With<Gliding>>,
    mut st: ResMut<ScreenStatus>,
) {
    let over = phase.get() == SoloPhase::Over;
    st.report(
        (over || !s.autoplay) && !t.busy() && moving.is_empty(),
        over,
    );
}

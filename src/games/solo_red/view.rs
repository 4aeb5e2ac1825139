//! The drawing of Solo Red: cards are meshes (a dark edge, a coloured face, a white medallion)
//! with their names and numbers as world labels, the table's captions are world labels too, and
//! the winning palette gets a golden frame.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::solo_red::Colour;

use super::model::table::Table;
use super::model::{
    CardEntity, PALETTES, Place, SoloRedAction, SoloRedSession, place_position, table,
};

/// How many palettes the deal on the table has (the table is laid out again when it changes).
fn palettes_of(s: Option<&SoloRedSession>) -> usize {
    s.map_or(PALETTES, |s| s.game.num_palettes())
}

/// Whether the deal's number of palettes changed since the last look.
fn palettes_changed(s: Option<Res<SoloRedSession>>, mut last: Local<usize>) -> bool {
    let n = palettes_of(s.as_deref());
    std::mem::replace(&mut *last, n) != n
}
use crate::kit::camera::CameraFit;
use crate::kit::layout::ViewArea;
use crate::kit::palette::Palette;
use crate::kit::theme::Theme;
use crate::kit::world_text::WorldLabel;

/// Draws the table.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<super::input::SoloHover>()
        .init_resource::<super::input::SoloFocus>()
        .add_systems(
            OnEnter(super::SCREEN),
            (choose_table, setup_table, autoplay_from_launch).chain(),
        )
        .add_systems(
            Update,
            (
                choose_table,
                setup_table.run_if(
                    resource_changed::<Table>
                        .or_else(crate::kit::art::restyled)
                        .or_else(palettes_changed),
                ),
            )
                .chain()
                .in_set(super::set(GameSystems::Input)),
        )
        .add_systems(
            Update,
            (
                dress_cards,
                mark_winner,
                label_cards,
                write_captions,
                breathe_hovered,
                place_focus,
            )
                .chain()
                .in_set(super::set(GameSystems::View)),
        );
}

/// Lays the table out for the window (tall on a phone held upright) and has the camera show
/// all of it.
fn choose_table(
    area: Res<ViewArea>,
    s: Option<Res<SoloRedSession>>,
    mut table: ResMut<Table>,
    mut fit: ResMut<CameraFit>,
) {
    table.set_if_neq(Table::for_free(area.free()));
    let bounds = table.bounds(palettes_of(s.as_deref()));
    fit.set_if_neq(CameraFit(Some((super::SCREEN, bounds))));
}

/// The table's own drawings (slots, frame, captions, the starter card, the deck), laid out
/// again when the table's layout changes.
#[derive(Component)]
struct TableArt;

/// The keyboard's cursor: a frame round the card (or pile) it is on.
#[derive(Component)]
struct FocusFrame;

/// The golden frame around the winning palette.
#[derive(Component)]
struct WinnerFrame;

/// The deck's card back.
#[derive(Component)]
struct DeckBack;

/// The special Red canvas card shown before any card is played to the canvas.
#[derive(Component)]
struct StarterCanvas;

/// A card's label: its name in the corner, or its big number on the medallion.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardLabel {
    /// The name ("R7") in the top-left corner, hidden on buried canvas cards.
    Corner,
    /// The number on the medallion, shown on the top card of a pile.
    Number,
}

/// The outline of a card the hint names.
#[derive(Component)]
struct HintRing;

/// A caption of the table, rewritten from the rules state every frame.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Caption {
    /// Palette (0-based): its name, starred while it wins.
    Palette(usize),
    /// The canvas's colour.
    Canvas,
    /// The canvas's rule.
    Rule,
    /// "RED" on the starter canvas card.
    Starter,
    /// Cards left in the deck.
    Deck,
    /// What to do with the hand.
    Hand,
}

impl Caption {
    /// Where the caption sits on table `t` with `n` palettes.
    fn place(self, t: Table, n: usize) -> Vec2 {
        use table::*;
        match self {
            Caption::Palette(q) => {
                Vec2::new(t.palette_x(q, n), t.palette_y() + CARD_H / 2.0 + 18.0)
            }
            Caption::Canvas => t.canvas() + Vec2::new(0.0, CARD_H / 2.0 + 18.0),
            Caption::Rule => t.canvas() + Vec2::new(0.0, -CARD_H / 2.0 - 36.0),
            Caption::Starter => t.canvas(),
            Caption::Deck => t.deck() + Vec2::new(0.0, CARD_H / 2.0 + 18.0),
            Caption::Hand => t.under_hand(),
        }
    }
}

fn rect(meshes: &mut Assets<Mesh>, w: f32, h: f32) -> Mesh2d {
    Mesh2d(meshes.add(Rectangle::new(w, h)))
}

fn setup_table(
    mut commands: Commands,
    s: Option<Res<SoloRedSession>>,
    palette: Res<Palette>,
    t: Res<Table>,
    old: Query<Entity, With<TableArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    use table::*;
    for e in &old {
        commands.entity(e).despawn();
    }
    let t = *t;
    let tc = &palette.table;
    let slot = materials.add(palette.board.with_alpha(0.35));
    let frame_y = t.palette_y() - 148.0;
    let n = palettes_of(s.as_deref());
    for p in 0..n {
        commands.spawn((
            TableArt,
            rect(&mut meshes, CARD_W + 16.0, 430.0),
            MeshMaterial2d(slot.clone()),
            Transform::from_xyz(t.palette_x(p, n), frame_y, 0.0),
            DespawnOnExit(super::SCREEN),
        ));
    }
    commands.spawn((
        TableArt,
        rect(&mut meshes, CARD_W + 16.0, CARD_H + 16.0),
        MeshMaterial2d(slot.clone()),
        Transform::from_translation(t.canvas().extend(0.0)),
        DespawnOnExit(super::SCREEN),
    ));
    commands.spawn((
        TableArt,
        FocusFrame,
        Mesh2d(meshes.add(Rectangle::new(CARD_W + 16.0, CARD_H + 16.0).to_ring(4.0))),
        MeshMaterial2d(materials.add(palette.cursor)),
        Transform::from_xyz(0.0, 0.0, 9.0),
        Visibility::Hidden,
        DespawnOnExit(super::SCREEN),
    ));
    commands.spawn((
        TableArt,
        WinnerFrame,
        Mesh2d(meshes.add(Rectangle::new(CARD_W + 22.0, 436.0).to_ring(5.0))),
        MeshMaterial2d(materials.add(tc.highlight)),
        Transform::from_xyz(0.0, frame_y, 0.5),
        DespawnOnExit(super::SCREEN),
    ));
    let captions = (0..n).map(Caption::Palette).chain([
        Caption::Canvas,
        Caption::Rule,
        Caption::Deck,
        Caption::Hand,
    ]);
    for caption in captions {
        commands.spawn((
            TableArt,
            caption,
            WorldLabel::new("", 16.0, tc.text),
            Transform::from_translation(caption.place(t, n).extend(0.0)),
            DespawnOnExit(super::SCREEN),
        ));
    }
    // The starter canvas card: red, no number.
    let edge = materials.add(tc.card_edge);
    commands
        .spawn((
            TableArt,
            StarterCanvas,
            rect(&mut meshes, CARD_W, CARD_H),
            MeshMaterial2d(edge.clone()),
            Transform::from_translation(t.canvas().extend(0.8)),
            DespawnOnExit(super::SCREEN),
        ))
        .with_children(|c| {
            c.spawn((
                rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
                MeshMaterial2d(materials.add(*tc.card(Colour::Red))),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            c.spawn((
                Caption::Starter,
                WorldLabel::new("RED", 22.0, tc.text),
                Transform::from_xyz(0.0, 0.0, 0.05),
            ));
        });
    commands
        .spawn((
            TableArt,
            DeckBack,
            rect(&mut meshes, CARD_W, CARD_H),
            MeshMaterial2d(edge),
            Transform::from_translation(t.deck().extend(0.8)),
            DespawnOnExit(super::SCREEN),
        ))
        .with_children(|c| {
            c.spawn((
                rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
                MeshMaterial2d(materials.add(tc.card_back)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            c.spawn((
                Mesh2d(meshes.add(Rhombus::new(CARD_W - 30.0, CARD_H - 40.0))),
                MeshMaterial2d(materials.add(tc.card_trim)),
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
            c.spawn((
                Mesh2d(meshes.add(Rhombus::new(CARD_W - 44.0, CARD_H - 58.0))),
                MeshMaterial2d(materials.add(tc.card_back)),
                Transform::from_xyz(0.0, 0.0, 0.03),
            ));
        });
}

/// `--autoplay` on the command line lets the AI play this game by itself.
fn autoplay_from_launch(
    opts: Option<Res<crate::kit::launch::LaunchOptions>>,
    session: Option<ResMut<SoloRedSession>>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    let wanted = opts.is_some_and(|o| o.autoplay);
    if wanted && session.is_none_or(|s| !s.autoplay) {
        actions.write(SoloRedAction::ToggleAutoplay);
    }
}

/// Gives new card entities their meshes (dark edge, coloured face, white medallion), and
/// every card new ones when the theme's colours change.
fn dress_cards(
    mut commands: Commands,
    palette: Res<Palette>,
    cards: Query<(Entity, Ref<CardEntity>)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let tc = &palette.table;
    let hint = materials.add(palette.info);
    use table::*;
    let restyled = palette.is_changed();
    for (e, ce) in &cards {
        if !(restyled || ce.is_added()) {
            continue;
        }
        let c = ce.card.colour();
        commands
            .entity(e)
            .despawn_related::<Children>()
            .insert((
                rect(&mut meshes, CARD_W, CARD_H),
                MeshMaterial2d(materials.add(tc.card_edge)),
            ))
            .with_children(|k| {
                k.spawn((
                    rect(&mut meshes, CARD_W - 6.0, CARD_H - 6.0),
                    MeshMaterial2d(materials.add(*tc.card(c))),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                k.spawn((
                    Mesh2d(meshes.add(Circle::new(30.0))),
                    MeshMaterial2d(materials.add(tc.card_face)),
                    Transform::from_xyz(0.0, -8.0, 0.02),
                ));
                // The number's pips: one small dot per point along the bottom edge.
                for i in 0..ce.card.number() {
                    k.spawn((
                        Mesh2d(meshes.add(Circle::new(3.5))),
                        MeshMaterial2d(materials.add(tc.card_face.with_alpha(0.85))),
                        Transform::from_xyz(
                            (i as f32 - (ce.card.number() as f32 - 1.0) / 2.0) * 10.0,
                            -CARD_H / 2.0 + 12.0,
                            0.02,
                        ),
                    ));
                }
                k.spawn((
                    CardLabel::Corner,
                    WorldLabel::new(ce.card.to_string(), 17.0, tc.text),
                    Transform::from_xyz(-CARD_W / 2.0 + 14.0, CARD_H / 2.0 - 16.0, 0.05),
                ));
                k.spawn((
                    CardLabel::Number,
                    WorldLabel::new(ce.card.number().to_string(), 36.0, *tc.card(c)),
                    Transform::from_xyz(0.0, -8.0, 0.05),
                ));
                k.spawn((
                    HintRing,
                    Mesh2d(meshes.add(Rectangle::new(CARD_W + 6.0, CARD_H + 6.0).to_ring(3.0))),
                    MeshMaterial2d(hint.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.04),
                    Visibility::Hidden,
                ));
            });
    }
}

fn mark_winner(
    s: Res<SoloRedSession>,
    t: Res<Table>,
    mut frame: Single<&mut Transform, (With<WinnerFrame>, Without<DeckBack>)>,
    mut deck: Single<&mut Visibility, (With<DeckBack>, Without<StarterCanvas>)>,
    mut starter: Single<&mut Visibility, (With<StarterCanvas>, Without<DeckBack>)>,
) {
    if let Some(w) = s.game.winning_palette() {
        frame.translation.x = t.palette_x(w, s.game.num_palettes());
    }
    **deck = if s.game.deck_len() > 0 {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    **starter = if s.canvas_pile.is_empty() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
}

/// Shows each card's labels where the rules leave the card readable (a buried canvas card
/// keeps neither; only the top card of a pile shows its number), and rings the cards the hint
/// names.
fn label_cards(
    s: Res<SoloRedSession>,
    cards: Query<(&CardEntity, &Children)>,
    mut labels: Query<(&CardLabel, &mut Visibility), Without<HintRing>>,
    mut rings: Query<&mut Visibility, With<HintRing>>,
) {
    let top_of = |ce: &CardEntity| match ce.place {
        Place::Palette(q, i) => s.game.palette(q).is_some_and(|pal| pal.len() == i + 1),
        Place::Canvas(i) => i + 1 == s.canvas_pile.len(),
        Place::Hand(_) => true,
    };
    let shown = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for (ce, children) in &cards {
        let top = top_of(ce);
        let buried = matches!(ce.place, Place::Canvas(_)) && !top;
        let hinted = s
            .hint
            .is_some_and(|m| m.card == ce.card || m.canvas == Some(ce.card));
        for &child in children {
            if let Ok((label, mut vis)) = labels.get_mut(child) {
                let on = match label {
                    CardLabel::Corner => !buried,
                    CardLabel::Number => top,
                };
                vis.set_if_neq(shown(on));
            } else if let Ok(mut vis) = rings.get_mut(child) {
                vis.set_if_neq(shown(hinted));
            }
        }
    }
}

/// Writes the table's captions from the rules state, in the theme's colours.
fn write_captions(
    s: Res<SoloRedSession>,
    palette: Res<Palette>,
    mut captions: Query<(&Caption, &mut WorldLabel)>,
) {
    let winner = s.game.winning_palette();
    let rule = s.game.canvas();
    let text = palette.table.text;
    for (caption, mut label) in &mut captions {
        let (line, colour) = match *caption {
            Caption::Palette(q) if winner == Some(q) => {
                (format!("★ P{} winning", q + 1), palette.accent)
            }
            Caption::Palette(q) => (format!("P{}", q + 1), text),
            Caption::Canvas => (format!("Canvas: {}", rule.name()), text),
            Caption::Rule => (
                rule.rule().to_string(),
                palette.table.card(rule).mix(&palette.table.text, 0.55),
            ),
            Caption::Starter => continue,
            Caption::Deck => (format!("Deck: {}", s.game.deck_len()), text),
            Caption::Hand => (
                match s.selected {
                    Some(i) => format!(
                        "{} picked up: click a losing palette, or the canvas to change the rule",
                        s.game.hand()[i]
                    ),
                    None => "Your hand: click a card to pick it up".to_string(),
                },
                text,
            ),
        };
        label.set_text(&line);
        if label.color != colour {
            label.color = colour;
        }
    }
}

/// The card a click would act on breathes (the theme's hover pulse, still under reduced
/// motion): a hand card to pick up, or, with a card picked up, the top card of the palette or
/// canvas it would go to.
fn breathe_hovered(
    hovered: Res<super::input::SoloHover>,
    focus: Res<super::input::SoloFocus>,
    s: Res<SoloRedSession>,
    theme: Res<Theme>,
    time: Res<Time>,
    mut cards: Query<(&CardEntity, &mut Transform)>,
) {
    let playing = !s.game.is_over();
    let picked = s.selected.is_some();
    // The top card of the pile a picked-up card would go to.
    let top_of = |pile: &dyn Fn(Place) -> Option<usize>| {
        cards.iter().filter_map(|(c, _)| pile(c.place)).max()
    };
    let focus = focus.visible.then(|| focus.action(&s));
    let target = match hovered.0.or(focus) {
        Some(SoloRedAction::Palette(q)) if picked => top_of(&|p| match p {
            Place::Palette(pq, i) if pq == q => Some(i),
            _ => None,
        })
        .map(|i| Place::Palette(q, i)),
        Some(SoloRedAction::Canvas) if picked => top_of(&|p| match p {
            Place::Canvas(i) => Some(i),
            _ => None,
        })
        .map(Place::Canvas),
        Some(SoloRedAction::Select(i)) => Some(Place::Hand(i)),
        _ => None,
    };
    let top = |place: Place| Some(place) == target;
    let breath = theme.effects.breath(time.elapsed_secs());
    for (card, mut tf) in &mut cards {
        let scale = if playing && top(card.place) {
            breath
        } else {
            1.0
        };
        if tf.scale.x != scale {
            tf.scale = Vec3::new(scale, scale, 1.0);
        }
    }
}

/// Puts the keyboard's cursor frame round what it is on: a hand card, the canvas, or a
/// palette's top card.
fn place_focus(
    s: Res<SoloRedSession>,
    t: Res<Table>,
    focus: Res<super::input::SoloFocus>,
    mut frame: Single<(&mut Transform, &mut Visibility), With<FocusFrame>>,
) {
    let (n, h) = (s.game.num_palettes(), s.game.hand().len());
    let at = match focus.action(&s) {
        SoloRedAction::Select(i) if i < h => Some(place_position(
            *t,
            Place::Hand(i),
            n,
            h,
            s.selected == Some(i),
        )),
        SoloRedAction::Canvas => Some(t.canvas().extend(0.0)),
        SoloRedAction::Palette(q) => {
            let top = s.game.palette(q).map_or(0, |p| p.len().saturating_sub(1));
            Some(place_position(*t, Place::Palette(q, top), n, h, false))
        }
        _ => None,
    };
    match at.filter(|_| focus.visible && !s.game.is_over()) {
        Some(at) => {
            frame.0.translation = at.truncate().extend(9.0);
            frame.1.set_if_neq(Visibility::Visible);
        }
        None => {
            frame.1.set_if_neq(Visibility::Hidden);
        }
    }
}

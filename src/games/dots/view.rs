//! Drawing of Dots: the board panel, the dots (falling, vanishing, selected), the line through
//! the selection, the closed-loop highlight and the hint, all in theme colours.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use bevy::window::PrimaryWindow;
use gems_rules::dots::{Point, is_closed_shape};

use super::model::{Dot, DotsHint, DotsSession, Gesture, Vanish};
use crate::kit::anim::Tween;
use crate::kit::art::{ArtParams, GemLook};
use crate::kit::layout::{BoardLayout, ViewArea};
use crate::kit::theme::Theme;

/// Radius of a dot, in cells.
const DOT_RADIUS: f32 = 0.3;
/// Width of the selection line, in cells.
const LINK_WIDTH: f32 = 0.14;
/// A dot's size next to a Modern Gems gem of the same theme style (dots leave room for lines).
const DOT_SCALE: f32 = 0.75;

pub use super::model::DotsLayout;

/// Meshes and materials of the Dots screen.
#[derive(Resource, Clone, Debug)]
pub struct DotsArt {
    /// Per dot colour 1..=9: the theme's gem style (image, or coloured shape).
    dots: Vec<GemLook>,
    ring: Handle<Mesh>,
    quad: Handle<Mesh>,
    colors: Vec<Handle<ColorMaterial>>,
    highlight: Handle<ColorMaterial>,
    hint: Handle<ColorMaterial>,
    cursor: Handle<ColorMaterial>,
    panel: Handle<ColorMaterial>,
}

/// The board panel behind the dots.
#[derive(Component)]
struct Panel;

/// Overlay pieces redrawn every frame (links, rings).
#[derive(Component)]
struct Overlay;

/// Draws the screen.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DotsLayout>()
        .add_systems(OnEnter(super::SCREEN), setup)
        .add_systems(
            Update,
            (
                fit_layout,
                rebuild_art.run_if(crate::kit::art::restyled),
                dress_dots,
                place_dots,
                draw_overlay,
            )
                .chain()
                .in_set(super::set(GameSystems::View)),
        );
}

fn build_art(a: &mut ArtParams) -> DotsArt {
    let looks = a.gem_looks();
    let panel = a.board_material();
    let (palette, materials, meshes) = (&a.palette, &mut a.materials, &mut a.meshes);
    DotsArt {
        dots: (1..=9)
            .filter_map(|k| looks.get(a.theme.style_index(k)).cloned())
            .collect(),
        ring: meshes.add(Annulus::new(DOT_RADIUS + 0.06, DOT_RADIUS + 0.11)),
        quad: meshes.add(Rectangle::new(1.0, 1.0)),
        colors: (1..=9).map(|k| materials.add(palette.kind(k))).collect(),
        highlight: materials.add(palette.flag_highlight),
        hint: materials.add(palette.cursor.with_alpha(0.8)),
        cursor: materials.add(palette.cursor),
        panel,
    }
}

fn setup(mut commands: Commands, mut art_params: ArtParams) {
    let art = build_art(&mut art_params);
    commands.spawn((
        Panel,
        Mesh2d(art.quad.clone()),
        MeshMaterial2d(art.panel.clone()),
        Transform::from_xyz(0.0, 0.0, 0.0),
        DespawnOnExit(super::SCREEN),
    ));
    commands.insert_resource(art);
}

fn rebuild_art(
    mut commands: Commands,
    mut art_params: ArtParams,
    mut panel: Query<&mut MeshMaterial2d<ColorMaterial>, With<Panel>>,
) {
    let art = build_art(&mut art_params);
    for mut m in &mut panel {
        m.0 = art.panel.clone();
    }
    commands.insert_resource(art);
}

fn fit_layout(
    area: Res<ViewArea>,
    session: Res<DotsSession>,
    mut layout: ResMut<DotsLayout>,
    mut panel: Query<&mut Transform, With<Panel>>,
) {
    let n = session.game.board().size();
    let fitted = DotsLayout(BoardLayout::fit(n, n, *area));
    if *layout != fitted {
        *layout = fitted;
    }
    let side = layout.0.size() + Vec2::splat(layout.0.cell * 0.3);
    for mut t in &mut panel {
        t.translation = layout.0.center.extend(0.0);
        t.scale = side.extend(1.0);
    }
}

fn dress_dots(
    mut commands: Commands,
    art: Option<Res<DotsArt>>,
    all: Query<(Entity, &Dot)>,
    added: Query<(Entity, &Dot), Added<Dot>>,
) {
    let Some(art) = art else { return };
    let mut dress = |e: Entity, d: &Dot| {
        if let Some(look) = art.dots.get(usize::from(d.color.clamp(1, 9)) - 1) {
            commands.entity(e).insert((
                Mesh2d(look.mesh.clone()),
                MeshMaterial2d(look.plain.clone()),
            ));
        }
    };
    if art.is_changed() {
        all.iter().for_each(|(e, d)| dress(e, d));
    } else {
        added.iter().for_each(|(e, d)| dress(e, d));
    }
}

fn place_dots(
    layout: Res<DotsLayout>,
    session: Res<DotsSession>,
    theme: Res<Theme>,
    time: Res<Time>,
    mut q: Query<(&Dot, Option<&Tween>, Option<&Vanish>, &mut Transform)>,
) {
    let sel = session.game.selection();
    let cell = layout.0.cell;
    let breath = theme.effects.breath(time.elapsed_secs());
    for (d, tween, vanish, mut t) in &mut q {
        let at = match tween {
            Some(tw) => tw.position(),
            None => Vec2::new(d.at.x as f32, d.at.y as f32),
        };
        // Selected dots swell and breathe (the theme's hover pulse).
        let mut scale = if sel.contains(&d.at) && tween.is_none() {
            1.18 * breath
        } else {
            1.0
        };
        if let Some(v) = vanish {
            let k = (v.elapsed / v.duration.max(1e-4)).clamp(0.0, 1.0);
            scale *= 1.0 + 0.35 * k - 1.35 * theme.timings.remove_easing.apply(k);
        }
        t.translation = layout.world(at).extend(2.0);
        t.scale = Vec3::splat(cell * DOT_SCALE * scale.max(0.0));
    }
}

fn draw_overlay(
    mut commands: Commands,
    art: Option<Res<DotsArt>>,
    layout: Res<DotsLayout>,
    session: Res<DotsSession>,
    hint: Res<DotsHint>,
    cursor: Res<super::model::DotsCursor>,
    time: Res<Time>,
    gesture: Res<Gesture>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    old: Query<Entity, With<Overlay>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(art) = art else { return };
    let board = session.game.board();
    let cell = layout.0.cell;
    let pos = |p: Point| layout.world(Vec2::new(p.x as f32, p.y as f32));
    let sel = session.game.selection();
    if let Some(&first) = sel.first() {
        let mat = art.colors[usize::from(board.get(first).clamp(1, 9)) - 1].clone();
        // The links in selection order, and for a closed loop the link that closes it.
        let mut links: Vec<(Point, Point)> = sel.windows(2).map(|w| (w[0], w[1])).collect();
        if is_closed_shape(sel) {
            let last = sel[sel.len() - 1];
            if let Some(&back) = sel[..sel.len() - 2].iter().find(|q| q.is_adjacent(last)) {
                links.push((last, back));
            }
        }
        for (from, to) in links {
            let (a, b) = (pos(from), pos(to));
            let mid = (a + b) / 2.0;
            let d = b - a;
            let size = if d.x.abs() > d.y.abs() {
                Vec2::new(d.x.abs(), LINK_WIDTH * cell)
            } else {
                Vec2::new(LINK_WIDTH * cell, d.y.abs())
            };
            commands.spawn((
                Overlay,
                Mesh2d(art.quad.clone()),
                MeshMaterial2d(mat.clone()),
                Transform::from_translation(mid.extend(1.0)).with_scale(size.extend(1.0)),
                DespawnOnExit(super::SCREEN),
            ));
        }
        // While dragging, a line follows the pointer from the last selected dot.
        let cursor = window
            .and_then(|w| w.cursor_position())
            .zip(camera)
            .and_then(|(c, cam)| crate::kit::pointer::to_world(*cam, c));
        if let (true, Some(to), Some(&last)) = (gesture.pressed, cursor, sel.last()) {
            let from = pos(last);
            let d = to - from;
            if d.length() > 1.0 {
                commands.spawn((
                    Overlay,
                    Mesh2d(art.quad.clone()),
                    MeshMaterial2d(mat.clone()),
                    Transform::from_translation(((from + to) / 2.0).extend(1.0))
                        .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x)))
                        .with_scale(Vec3::new(d.length(), LINK_WIDTH * cell * 0.6, 1.0)),
                    DespawnOnExit(super::SCREEN),
                ));
            }
        }
        if is_closed_shape(sel) {
            // The loop is closed: every dot of the colour, about to go, pulses in a ring.
            let c = board.get(first);
            let pulse = 1.0 + 0.08 * (time.elapsed_secs() * 8.0).sin();
            for p in board.points().filter(|&p| board.get(p) == c) {
                commands.spawn((
                    Overlay,
                    Mesh2d(art.ring.clone()),
                    MeshMaterial2d(art.highlight.clone()),
                    Transform::from_translation(pos(p).extend(3.0))
                        .with_scale(Vec3::splat(cell * pulse)),
                    DespawnOnExit(super::SCREEN),
                ));
            }
        }
    }
    for &p in &hint.path {
        commands.spawn((
            Overlay,
            Mesh2d(art.ring.clone()),
            MeshMaterial2d(art.hint.clone()),
            Transform::from_translation(pos(p).extend(3.0)).with_scale(Vec3::splat(cell)),
            DespawnOnExit(super::SCREEN),
        ));
    }
    if cursor.visible {
        // The keyboard's cursor: a wider ring, breathing.
        let breath = 1.25 + 0.05 * (time.elapsed_secs() * 4.0).sin();
        commands.spawn((
            Overlay,
            Mesh2d(art.ring.clone()),
            MeshMaterial2d(art.cursor.clone()),
            Transform::from_translation(pos(cursor.at).extend(3.5))
                .with_scale(Vec3::splat(cell * breath)),
            DespawnOnExit(super::SCREEN),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_are_found_under_their_centres_only() {
        let l = DotsLayout(BoardLayout::fit(6, 6, ViewArea::default()));
        for y in 0..6 {
            for x in 0..6 {
                let c = l.world(Vec2::new(x as f32, y as f32));
                assert_eq!(l.dot_at(c, 0.42), Some(Point::new(x, y)));
                // A cell corner is too far from any centre for a drag.
                let corner = c + Vec2::splat(0.45 * l.0.cell);
                assert_eq!(l.dot_at(corner, 0.42), None);
            }
        }
    }
}

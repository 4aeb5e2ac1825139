//! The drawing of K in a row: cells, tiles that grow in, crossed-out unavailable squares and a
//! glowing winning line.

use crate::kit::layout::ViewArea;
use bevy::prelude::*;

use crate::kit::ai::Generation;

use crate::kit::schedule::GameSystems;
use gems_rules::k_in_a_row::{Cell, Outcome, Side, SquareValue, Status};

use super::model::{KSession, PLACE_SECONDS};
use crate::kit::art::{GemLook, ThemeImages, gem_looks};
use crate::kit::palette::Palette;
use crate::kit::pointer::WorldPointer;
use crate::kit::theme::Theme;

/// The tiles' look per side: the theme's first two gem styles (image, or coloured shape), and
/// the see-through material of the tile shown where the pointer would place one.
#[derive(Resource, Clone, Debug, Default)]
struct KLooks(Vec<GemLook>, Handle<ColorMaterial>);

/// The see-through tile under the pointer, on an empty square the person may take.
#[derive(Component)]
struct KGhost;

/// The keyboard's cursor: a frame round its square.
#[derive(Component)]
struct KCursorArt;

/// Width of the menu panel on the left, in logical pixels.
pub(super) const PANEL: f32 = 270.0;

/// Marks every entity of the board drawing (rebuilt on each new game).
#[derive(Component)]
struct KArt;
/// A cell's tile (the side's gem style).
#[derive(Component)]
struct KTileArt(usize);
/// The glow behind a tile of the winning line.
#[derive(Component)]
struct KGlowArt(usize);
/// A square's analysis colour (see `analysis.rs`), under the glow and the tile.
#[derive(Component)]
struct KShadeArt(usize);

/// Where the board is drawn.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(super) struct KLayout {
    center: Vec2,
    cell: f32,
    size: usize,
    generation: Option<Generation>,
    built: bool,
}

impl KLayout {
    fn cell_center(&self, r: usize, c: usize) -> Vec2 {
        let n = self.size as f32;
        self.center
            + Vec2::new(
                (c as f32 - (n - 1.0) / 2.0) * self.cell,
                ((n - 1.0) / 2.0 - r as f32) * self.cell,
            )
    }

    pub(super) fn cell_at(&self, p: Vec2) -> Option<(usize, usize)> {
        let half = self.cell * self.size as f32 / 2.0;
        let d = p - self.center + Vec2::splat(half);
        let d = Vec2::new(d.x, 2.0 * half - d.y);
        if d.x < 0.0 || d.y < 0.0 {
            return None;
        }
        let (c, r) = ((d.x / self.cell) as usize, (d.y / self.cell) as usize);
        (r < self.size && c < self.size).then_some((r, c))
    }
}

/// Draws the board.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KLooks>()
        .init_resource::<super::model::KCursor>();
    app.init_resource::<KLayout>()
        .add_systems(OnExit(super::SCREEN), |mut l: ResMut<KLayout>| {
            l.built = false
        })
        .add_systems(
            Update,
            (layout_and_build, animate, ghost_tile, shade_squares)
                .chain()
                .in_set(super::set(GameSystems::View)),
        );
}

#[allow(clippy::too_many_arguments)]
fn layout_and_build(
    mut commands: Commands,
    area: Res<ViewArea>,
    session: Res<KSession>,
    theme: Res<Theme>,
    palette: Res<Palette>,
    images: Res<ThemeImages>,
    mut looks: ResMut<KLooks>,
    mut layout: ResMut<KLayout>,
    art: Query<Entity, With<KArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    // The board fills what the menu leaves (beside it in a wide window, above its sheet in a
    // narrow one), with a margin.
    let n = session.game.board().size();
    let free = area.free();
    let margin = if free.x < 500.0 { 16.0 } else { 60.0 };
    let side = (free.y - margin).min(free.x - margin).max(120.0);
    let new = KLayout {
        center: area.free_center(),
        cell: side / n as f32,
        size: n,
        generation: Some(session.generation),
        built: true,
    };
    // Rebuilt for a new game, a resized window or a changed theme (its colours are baked in).
    if layout.built
        && !theme.is_changed()
        && !palette.is_changed()
        && !images.is_changed()
        && layout.generation == new.generation
        && layout.size == n
        && (layout.cell - new.cell).abs() < 0.5
        && layout.center.distance(new.center) < 0.5
    {
        return;
    }
    *layout = new;
    for e in &art {
        commands.entity(e).despawn();
    }
    let board = session.game.board();
    let frame = match &images.board {
        Some(image) => Sprite {
            image: image.clone(),
            custom_size: Some(Vec2::splat(side + 16.0)),
            ..default()
        },
        None => Sprite::from_color(palette.board, Vec2::splat(side + 16.0)),
    };
    commands.spawn((
        KArt,
        DespawnOnExit(super::SCREEN),
        frame,
        Transform::from_translation(new.center.extend(-1.0)),
    ));
    looks.0 = gem_looks(&theme, &palette, &images, &mut meshes, &mut materials);
    let human = looks.0.first().cloned();
    if let Some(human) = human {
        let mut ghost = materials.get(&human.plain).cloned().unwrap_or_default();
        ghost.color = ghost.color.with_alpha(0.4);
        looks.1 = materials.add(ghost);
        commands.spawn((
            KArt,
            KCursorArt,
            DespawnOnExit(super::SCREEN),
            Mesh2d(meshes.add(Rectangle::new(1.0, 1.0).to_ring(0.08))),
            MeshMaterial2d(materials.add(palette.cursor)),
            Transform::default(),
            Visibility::Hidden,
        ));
        commands.spawn((
            KArt,
            KGhost,
            DespawnOnExit(super::SCREEN),
            Mesh2d(human.mesh.clone()),
            MeshMaterial2d(looks.1.clone()),
            Transform::default(),
            Visibility::Hidden,
        ));
    }
    let glow = meshes.add(Circle::new(new.cell * 0.47));
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let p = new.cell_center(r, c);
            let unavailable = board.get(r, c) == Some(Cell::Unavailable);
            let cell_color = if unavailable {
                palette.background
            } else {
                palette.table.cell
            };
            let mut cell = commands.spawn((
                KArt,
                DespawnOnExit(super::SCREEN),
                Sprite::from_color(cell_color, Vec2::splat(new.cell * 0.92)),
                Transform::from_translation(p.extend(0.0)),
            ));
            if unavailable {
                // A hatched cross: obviously not a place for a tile.
                cell.with_children(|parent| {
                    for angle in [0.785f32, -0.785] {
                        parent.spawn((
                            Sprite::from_color(
                                palette.table.blocked,
                                Vec2::new(new.cell * 0.8, new.cell * 0.07),
                            ),
                            Transform::from_xyz(0.0, 0.0, 0.1)
                                .with_rotation(Quat::from_rotation_z(angle)),
                        ));
                    }
                });
            }
            commands.spawn((
                KArt,
                KShadeArt(i),
                DespawnOnExit(super::SCREEN),
                Sprite::from_color(palette.good.with_alpha(0.0), Vec2::splat(new.cell * 0.92)),
                Transform::from_translation(p.extend(0.2)),
                Visibility::Hidden,
            ));
            commands.spawn((
                KArt,
                KGlowArt(i),
                DespawnOnExit(super::SCREEN),
                Mesh2d(glow.clone()),
                MeshMaterial2d(materials.add(palette.table.highlight.with_alpha(0.0))),
                Transform::from_translation(p.extend(0.5)),
                Visibility::Hidden,
            ));
            commands.spawn((
                KArt,
                KTileArt(i),
                DespawnOnExit(super::SCREEN),
                Mesh2d::default(),
                MeshMaterial2d::<ColorMaterial>::default(),
                Transform::from_translation(p.extend(1.0)).with_scale(Vec3::ZERO),
                Visibility::Hidden,
            ));
        }
    }
}

/// Grows placed tiles in (ease-out with a little overshoot) and pulses the winning line.
fn animate(
    session: Res<KSession>,
    looks: Res<KLooks>,
    layout: Res<KLayout>,
    palette: Res<Palette>,
    time: Res<Time>,
    mut tiles: Query<
        (
            &KTileArt,
            &mut Transform,
            &mut Visibility,
            &mut Mesh2d,
            &mut MeshMaterial2d<ColorMaterial>,
        ),
        Without<KGlowArt>,
    >,
    mut glows: Query<
        (&KGlowArt, &mut Visibility, &MeshMaterial2d<ColorMaterial>),
        Without<KTileArt>,
    >,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let board = session.game.board();
    let n = board.size();
    let now = time.elapsed_secs();
    for (tile, mut tf, mut vis, mut mesh, mut mat) in &mut tiles {
        let (r, c) = (tile.0 / n, tile.0 % n);
        let side = match board.get(r, c) {
            Some(Cell::Human) => Side::Human,
            Some(Cell::Computer) => Side::Computer,
            _ => {
                *vis = Visibility::Hidden;
                continue;
            }
        };
        *vis = Visibility::Visible;
        let t = session
            .placed_at
            .get(tile.0)
            .copied()
            .flatten()
            .map_or(1.0, |at| ((now - at) / PLACE_SECONDS).clamp(0.0, 1.0));
        let s = 1.0 + 2.7 * (t - 1.0).powi(3) + 1.7 * (t - 1.0).powi(2);
        tf.scale = Vec3::splat(layout.cell * 0.9 * s.max(0.0));
        if let Some(look) = looks.0.get(side.index()) {
            mesh.set_if_neq(Mesh2d(look.mesh.clone()));
            mat.set_if_neq(MeshMaterial2d(look.plain.clone()));
        }
    }
    let line = session.winning_line().unwrap_or_default();
    // The hint's square glows like a winning line's, until the next move.
    let hint = session.hint.map(|mv| (mv.row, mv.col));
    let pulse = 0.55 + 0.35 * (now * 4.0).sin();
    for (glow, mut vis, mat) in &mut glows {
        let at = (glow.0 / n, glow.0 % n);
        let on = line.contains(&at) || hint == Some(at);
        *vis = if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if on && let Some(mut m) = materials.get_mut(&mat.0) {
            m.color = palette.table.highlight.with_alpha(pulse);
        }
    }
}

/// Where the person would place a tile, a see-through tile breathes (the theme's hover pulse).
fn ghost_tile(
    pointer: WorldPointer,
    layout: Res<KLayout>,
    session: Res<KSession>,
    theme: Res<Theme>,
    time: Res<Time>,
    cursor: Res<super::model::KCursor>,
    mut ghost: Query<(&mut Transform, &mut Visibility), (With<KGhost>, Without<KCursorArt>)>,
    mut frame: Query<(&mut Transform, &mut Visibility), (With<KCursorArt>, Without<KGhost>)>,
) {
    if let Ok((mut t, mut vis)) = frame.single_mut() {
        if cursor.visible {
            t.translation = layout.cell_center(cursor.row, cursor.col).extend(1.5);
            t.scale = Vec3::splat(layout.cell * 0.96);
            vis.set_if_neq(Visibility::Visible);
        } else {
            vis.set_if_neq(Visibility::Hidden);
        }
    }
    let Ok((mut t, mut vis)) = ghost.single_mut() else {
        return;
    };
    let game = &session.game;
    // The pointer's square, else the keyboard's cursor.
    let keyed = cursor.visible.then_some((cursor.row, cursor.col));
    let cell = pointer
        .hover()
        .and_then(|p| layout.cell_at(p))
        .or(keyed)
        .filter(|&(r, c)| {
            !session.editing
                && game.status() == Status::InProgress
                && game.to_move() == Side::Human
                && game.board().get(r, c) == Some(Cell::Empty)
        });
    let Some((r, c)) = cell else {
        vis.set_if_neq(Visibility::Hidden);
        return;
    };
    let breath = theme.effects.breath(time.elapsed_secs());
    t.translation = layout.cell_center(r, c).extend(0.9);
    t.scale = Vec3::splat(layout.cell * 0.9 * breath);
    vis.set_if_neq(Visibility::Visible);
}

/// Colours each empty square by the analysis of the position on show (hidden otherwise): a
/// proven win in the menus' colour for good news, a draw in their colour for hints, a loss in
/// their colour for bad news; an estimate blends from bad to good (the worst estimate to the
/// best), fainter than a proof.
fn shade_squares(
    session: Res<KSession>,
    analysis: Res<super::analysis::KAnalysis>,
    palette: Res<Palette>,
    mut shades: Query<(&KShadeArt, &mut Sprite, &mut Visibility)>,
) {
    let game = &session.game;
    let values = analysis.for_position(game.board(), game.to_move());
    let n = game.board().size();
    let mut colours = vec![None; n * n];
    let bad = palette.bad;
    let estimates = values.iter().filter_map(|(_, v)| match v {
        SquareValue::Estimate(e) => Some(*e),
        _ => None,
    });
    let (low, high) = estimates.fold((i32::MAX, i32::MIN), |(lo, hi), e| (lo.min(e), hi.max(e)));
    for &(mv, v) in values {
        colours[mv.row * n + mv.col] = match v {
            SquareValue::Proven(Outcome::Win) => Some(palette.good.with_alpha(0.55)),
            SquareValue::Proven(Outcome::Draw) => Some(palette.info.with_alpha(0.4)),
            SquareValue::Proven(Outcome::Loss) => Some(bad.with_alpha(0.55)),
            SquareValue::Estimate(e) => {
                // Relative to the other estimates: the best squares greenest.
                let t = if high > low {
                    (e - low) as f32 / (high - low) as f32
                } else {
                    0.5
                };
                Some(bad.mix(&palette.good, t).with_alpha(0.2 + 0.25 * t))
            }
            SquareValue::Unknown => None,
        };
    }
    for (shade, mut sprite, mut vis) in &mut shades {
        match colours.get(shade.0).copied().flatten() {
            Some(c) => {
                if sprite.color != c {
                    sprite.color = c;
                }
                vis.set_if_neq(Visibility::Visible);
            }
            None => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

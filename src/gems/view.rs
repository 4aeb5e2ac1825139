//! Drawing Modern Gems: a mesh per gem shape, a material per kind (plain and highlighted), the
//! board panel, the keyboard cursor, and fitting the board to the window.

use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::Indices;
use bevy::prelude::*;
use bevy::render::render_resource::PrimitiveTopology;
use bevy::window::{PrimaryWindow, WindowResized};

use super::anim::{FLAG_SCALE, gem_scale};
use super::model::{
    Appearance, BoardRebuilt, Flag, FlagChanged, GemsSession, KeyCursor, Kind, Position,
};
use crate::kit::layout::{BoardLayout, ViewArea};
use crate::screens::Screen;
use crate::theme::{GemShape, Theme, color};

/// Meshes and materials shared by every gem.
#[derive(Resource)]
pub struct GemArt {
    /// One unit-sized mesh per shape.
    pub shapes: HashMap<GemShape, Handle<Mesh>>,
    /// The small gloss highlight drawn on each gem.
    pub gloss: Handle<Mesh>,
    /// Per theme style: the plain material.
    pub plain: Vec<Handle<ColorMaterial>>,
    /// Per theme style: the highlighted (flagged) material.
    pub lit: Vec<Handle<ColorMaterial>>,
    /// The gloss material.
    pub gloss_material: Handle<ColorMaterial>,
    /// The halo ring around flagged gems.
    pub halo: Handle<Mesh>,
    /// The halo material.
    pub halo_material: Handle<ColorMaterial>,
}

/// The panel drawn behind the board.
#[derive(Component)]
pub struct BoardPanel;

/// The keyboard cursor's ring.
#[derive(Component)]
pub struct CursorRing;

/// The gloss child of a gem.
#[derive(Component)]
pub struct Gloss;

/// Marks a gem that has its mesh, material and children.
#[derive(Component)]
pub struct Dressed;

/// The halo child of a gem, shown while the gem is flagged.
#[derive(Component)]
pub struct Halo;

/// Draws the board.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ModernGems), spawn_board_art)
        .add_systems(
            Update,
            (
                apply_theme.run_if(resource_changed::<Theme>),
                fit_to_window,
                dress_new_gems,
                show_flags,
                place_panel_and_cursor,
            )
                .chain()
                .in_set(super::GemsSystems::View),
        )
        .add_systems(Update, show_score_in_title.in_set(super::GemsSystems::View));
}

/// A mesh fanning out from the centre to `outline` (which must be star-shaped around it).
fn fan_mesh(outline: &[Vec2]) -> Mesh {
    let mut positions = vec![[0.0, 0.0, 0.0]];
    positions.extend(outline.iter().map(|p| [p.x, p.y, 0.0]));
    let n = outline.len() as u32;
    let mut indices = Vec::with_capacity(3 * n as usize);
    for i in 0..n {
        indices.extend([0, 1 + i, 1 + (i + 1) % n]);
    }
    let count = positions.len();
    let uvs: Vec<[f32; 2]> = positions.iter().map(|p| [p[0] + 0.5, 0.5 - p[1]]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// Points of a regular polygon of radius `r` with `n` corners, the first pointing up.
fn polygon(n: usize, r: f32, turn: f32) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let a = FRAC_PI_2 + turn + TAU * i as f32 / n as f32;
            Vec2::new(a.cos(), a.sin()) * r
        })
        .collect()
}

/// The unit mesh of a shape (fits a cell of side 1 with a small gap).
pub fn shape_mesh(shape: GemShape) -> Mesh {
    let r = 0.43;
    match shape {
        GemShape::Circle => fan_mesh(&polygon(40, r, 0.0)),
        GemShape::Diamond => fan_mesh(&polygon(4, r * 1.08, 0.0)),
        GemShape::Triangle => {
            let mut t = polygon(3, r * 1.12, 0.0);
            t.iter_mut().for_each(|p| p.y -= r * 0.16);
            fan_mesh(&t)
        }
        GemShape::Hexagon => fan_mesh(&polygon(6, r, PI / 6.0)),
        GemShape::Pentagon => fan_mesh(&polygon(5, r, 0.0)),
        GemShape::Star => {
            let outer = polygon(5, r * 1.08, 0.0);
            let inner = polygon(5, r * 0.5, PI / 5.0);
            let pts: Vec<Vec2> = outer
                .iter()
                .zip(&inner)
                .flat_map(|(o, i)| [*o, *i])
                .collect();
            fan_mesh(&pts)
        }
        GemShape::Square => {
            // A square with rounded corners.
            let (h, rad) = (r * 0.86, r * 0.25);
            let mut pts = Vec::new();
            for (cx, cy, start) in [(h, h, 0.0), (-h, h, 0.25), (-h, -h, 0.5), (h, -h, 0.75)] {
                let c = Vec2::new(cx - rad * cx.signum(), cy - rad * cy.signum());
                for k in 0..=6 {
                    let a = TAU * (start + 0.25 * k as f32 / 6.0);
                    pts.push(c + Vec2::new(a.cos(), a.sin()) * rad);
                }
            }
            fan_mesh(&pts)
        }
        GemShape::Cross => {
            let (a, b) = (r, r * 0.36);
            fan_mesh(&[
                Vec2::new(b, b),
                Vec2::new(b, a),
                Vec2::new(-b, a),
                Vec2::new(-b, b),
                Vec2::new(-a, b),
                Vec2::new(-a, -b),
                Vec2::new(-b, -b),
                Vec2::new(-b, -a),
                Vec2::new(b, -a),
                Vec2::new(b, -b),
                Vec2::new(a, -b),
                Vec2::new(a, b),
            ])
        }
    }
}

fn build_art(
    theme: &Theme,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> GemArt {
    let shapes = GemShape::ALL
        .into_iter()
        .map(|s| (s, meshes.add(shape_mesh(s))))
        .collect();
    let highlight = color(&theme.flag_highlight).to_linear();
    let mix = theme.flag_mix.clamp(0.0, 1.0);
    let (plain, lit) = theme
        .gems
        .iter()
        .map(|g| {
            let base = color(&g.color);
            let lit = base.to_linear().mix(&highlight, mix);
            (materials.add(base), materials.add(Color::from(lit)))
        })
        .unzip();
    GemArt {
        shapes,
        gloss: meshes.add(Ellipse::new(0.16, 0.09)),
        plain,
        lit,
        gloss_material: materials.add(Color::srgba(1.0, 1.0, 1.0, 0.28)),
        halo: meshes.add(Annulus::new(0.47, 0.52)),
        halo_material: materials.add(color(&theme.flag_highlight)),
    }
}

/// On entering the screen: the gems' art in the current theme (it may have changed while
/// another screen showed), the board's panel and the keyboard cursor ring.
fn spawn_board_art(
    mut commands: Commands,
    theme: Res<Theme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.insert_resource(build_art(&theme, &mut meshes, &mut materials));
    commands.spawn((
        BoardPanel,
        Mesh2d(meshes.add(Rectangle::new(1.0, 1.0))),
        MeshMaterial2d(materials.add(color(&theme.board))),
        Transform::from_xyz(0.0, 0.0, 0.0),
        Visibility::Hidden,
        DespawnOnExit(Screen::ModernGems),
    ));
    commands.spawn((
        CursorRing,
        Mesh2d(meshes.add(Rectangle::new(0.96, 0.96).to_ring(0.06))),
        MeshMaterial2d(materials.add(color(&theme.cursor))),
        Transform::from_xyz(0.0, 0.0, 3.0),
        Visibility::Hidden,
        DespawnOnExit(Screen::ModernGems),
    ));
}

/// Rebuilds the art when the theme changes, and re-dresses every gem.
fn apply_theme(
    mut commands: Commands,
    theme: Res<Theme>,
    old: Res<GemArt>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    gems: Query<(Entity, &Appearance, &Flag), With<Dressed>>,
    panel: Single<&MeshMaterial2d<ColorMaterial>, With<BoardPanel>>,
    ring: Single<&MeshMaterial2d<ColorMaterial>, With<CursorRing>>,
) {
    let mut art = build_art(&theme, &mut meshes, &mut materials);
    // Children and the board furniture keep their materials; recolour those in place.
    art.gloss = old.gloss.clone();
    art.gloss_material = old.gloss_material.clone();
    art.halo = old.halo.clone();
    art.halo_material = old.halo_material.clone();
    for (handle, c) in [
        (&art.halo_material, &theme.flag_highlight),
        (&panel.0, &theme.board),
        (&ring.0, &theme.cursor),
    ] {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = color(c);
        }
    }
    for (e, look, flag) in &gems {
        dress(&mut commands, &art, e, look, flag.0, true);
    }
    commands.insert_resource(art);
}

/// Gives a gem its shape, material and gloss.
fn dress(
    commands: &mut Commands,
    art: &GemArt,
    e: Entity,
    look: &Appearance,
    flagged: bool,
    redress: bool,
) {
    let mesh = art.shapes.get(&look.shape).cloned().unwrap_or_default();
    let material = if flagged { &art.lit } else { &art.plain }
        .get(look.style)
        .cloned()
        .unwrap_or_default();
    let mut entity = commands.entity(e);
    entity.insert((Mesh2d(mesh), MeshMaterial2d(material)));
    if !redress {
        entity.insert(Dressed);
        entity.with_child((
            Gloss,
            Mesh2d(art.gloss.clone()),
            MeshMaterial2d(art.gloss_material.clone()),
            Transform::from_xyz(-0.12, 0.16, 0.1).with_rotation(Quat::from_rotation_z(0.5)),
        ));
        entity.with_child((
            Halo,
            Mesh2d(art.halo.clone()),
            MeshMaterial2d(art.halo_material.clone()),
            Transform::from_xyz(0.0, 0.0, -0.5),
            if flagged {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
        ));
    }
}

/// Dresses the gems of a freshly built board (the gems not yet [`Dressed`]).
fn dress_new_gems(
    mut commands: Commands,
    art: Res<GemArt>,
    mut rebuilt: MessageReader<BoardRebuilt>,
    gems: Query<(Entity, &Appearance, &Flag), Without<Dressed>>,
) {
    if rebuilt.read().count() == 0 {
        return;
    }
    for (e, look, flag) in &gems {
        dress(&mut commands, &art, e, look, flag.0, false);
    }
}

/// Swaps the material and shows the halo of exactly the gems whose flag changed.
fn show_flags(
    art: Res<GemArt>,
    mut changes: MessageReader<FlagChanged>,
    mut gems: Query<(
        &Appearance,
        &mut MeshMaterial2d<ColorMaterial>,
        Option<&Children>,
    )>,
    mut halos: Query<&mut Visibility, With<Halo>>,
) {
    for change in changes.read() {
        let Ok((look, mut material, children)) = gems.get_mut(change.entity) else {
            continue;
        };
        for child in children.into_iter().flatten() {
            if let Ok(mut v) = halos.get_mut(*child) {
                *v = if change.flagged {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
        }
        let set = if change.flagged { &art.lit } else { &art.plain };
        if let Some(m) = set.get(look.style) {
            material.0 = m.clone();
        }
    }
}

/// Keeps the board fitted to the window: on a resize, or when a board is (re)built.
fn fit_to_window(
    mut resized: MessageReader<WindowResized>,
    mut rebuilt: MessageReader<BoardRebuilt>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut area: ResMut<ViewArea>,
    mut layout: ResMut<BoardLayout>,
    session: Res<GemsSession>,
    mut gems: Query<(&Position, &Flag, &mut Transform), With<Kind>>,
) {
    let size = Vec2::new(window.width(), window.height());
    let changed = resized.read().count() > 0 || rebuilt.read().count() > 0 || area.size != size;
    if !changed {
        return;
    }
    area.size = size;
    let board = session.game.board();
    let fitted = BoardLayout::fit(board.rows(), board.cols(), *area);
    if fitted == *layout && !gems.is_empty() {
        return;
    }
    *layout = fitted;
    for (pos, flag, mut transform) in &mut gems {
        let at = layout.cell_center(pos.cell());
        transform.translation = at.extend(1.0);
        transform.scale = gem_scale(layout.cell * if flag.0 { FLAG_SCALE } else { 1.0 });
    }
}

fn place_panel_and_cursor(
    layout: Res<BoardLayout>,
    cursor: Res<KeyCursor>,
    mut panel: Single<(&mut Transform, &mut Visibility), (With<BoardPanel>, Without<CursorRing>)>,
    mut ring: Single<(&mut Transform, &mut Visibility), (With<CursorRing>, Without<BoardPanel>)>,
) {
    let size = layout.size() + Vec2::splat(layout.cell * 0.2);
    panel.0.translation = layout.center.extend(0.0);
    panel.0.scale = size.extend(1.0);
    *panel.1 = Visibility::Visible;
    ring.0.translation = layout.cell_center(cursor.cell).extend(3.0);
    ring.0.scale = gem_scale(layout.cell);
    *ring.1 = if cursor.visible {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
}

/// Shows the board and score in the window title (on the web: the page title), e.g.
/// `Modern Gems - tiny - score 25`.
fn show_score_in_title(
    session: Res<GemsSession>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    if !session.is_changed() {
        return;
    }
    let title = format!(
        "Modern Gems - {} - score {}",
        session.board_name,
        session.game.score()
    );
    if window.title != title {
        window.title = title;
    }
}

//! Drawing Modern Gems: a mesh per gem shape, a material per kind (plain and highlighted), the
//! board panel, the keyboard cursor, and fitting the board to the window.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::anim::{FLAG_SCALE, gem_scale};
use super::model::{
    Appearance, BoardRebuilt, Flag, FlagChanged, GemsSession, KeyCursor, Kind, Position,
};
use crate::kit::art::{ArtParams, GemLook, board_material};
use crate::kit::layout::{BoardLayout, ViewArea};

/// Meshes and materials shared by every gem.
#[derive(Resource)]
pub struct GemArt {
    /// Per theme style: its mesh and materials (from the kit, shared with Dots and K in a row).
    pub looks: Vec<GemLook>,
    /// The small gloss highlight drawn on each gem drawn as a shape.
    pub gloss: Handle<Mesh>,
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
    app.add_systems(OnEnter(super::SCREEN), spawn_board_art)
        .add_systems(
            Update,
            (
                apply_theme.run_if(crate::kit::art::restyled),
                fit_to_window,
                dress_new_gems,
                show_flags,
                place_panel_and_cursor,
            )
                .chain()
                .in_set(super::set(GameSystems::View)),
        );
}

fn build_art(a: &mut ArtParams) -> GemArt {
    GemArt {
        looks: a.gem_looks(),
        gloss: a.meshes.add(Ellipse::new(0.16, 0.09)),
        gloss_material: a.materials.add(a.palette.table.gloss),
        halo: a.meshes.add(Annulus::new(0.47, 0.52)),
        halo_material: a.materials.add(a.palette.flag_highlight),
    }
}

/// On entering the screen: the gems' art in the current theme (it may have changed while
/// another screen showed), the board's panel and the keyboard cursor ring.
fn spawn_board_art(mut commands: Commands, mut a: ArtParams) {
    commands.insert_resource(build_art(&mut a));
    let panel = a.board_material();
    let (meshes, materials, palette) = (&mut a.meshes, &mut a.materials, &a.palette);
    commands.spawn((
        BoardPanel,
        Mesh2d(meshes.add(Rectangle::new(1.0, 1.0))),
        MeshMaterial2d(panel),
        Transform::from_xyz(0.0, 0.0, 0.0),
        Visibility::Hidden,
        DespawnOnExit(super::SCREEN),
    ));
    commands.spawn((
        CursorRing,
        Mesh2d(meshes.add(Rectangle::new(0.96, 0.96).to_ring(0.06))),
        MeshMaterial2d(materials.add(palette.cursor)),
        Transform::from_xyz(0.0, 0.0, 3.0),
        Visibility::Hidden,
        DespawnOnExit(super::SCREEN),
    ));
}

/// Rebuilds the art when the theme or its images change, and re-dresses every gem.
fn apply_theme(
    mut commands: Commands,
    mut a: ArtParams,
    old: Res<GemArt>,
    gems: Query<(Entity, &Appearance, &Flag, &Children), With<Dressed>>,
    mut glosses: Query<&mut Visibility, With<Gloss>>,
    panel: Single<&MeshMaterial2d<ColorMaterial>, With<BoardPanel>>,
    ring: Single<&MeshMaterial2d<ColorMaterial>, With<CursorRing>>,
) {
    let mut art = build_art(&mut a);
    let (palette, images, materials) = (&a.palette, &a.images, &mut a.materials);
    // Children and the board furniture keep their materials; recolour those in place.
    art.gloss = old.gloss.clone();
    art.gloss_material = old.gloss_material.clone();
    art.halo = old.halo.clone();
    art.halo_material = old.halo_material.clone();
    for (handle, c) in [
        (&art.halo_material, palette.flag_highlight),
        (&art.gloss_material, palette.table.gloss),
        (&ring.0, palette.cursor),
    ] {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = c;
        }
    }
    if let Some(mut m) = materials.get_mut(&panel.0) {
        *m = board_material(palette, images);
    }
    for (e, look, flag, children) in &gems {
        dress(&mut commands, &art, e, look, flag.0, true);
        let shown = art.looks.get(look.style).is_some_and(|l| !l.image);
        for child in children {
            if let Ok(mut v) = glosses.get_mut(*child) {
                *v = if shown {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
        }
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
    let Some(style) = art.looks.get(look.style) else {
        return;
    };
    let material = if flagged { &style.lit } else { &style.plain };
    let mut entity = commands.entity(e);
    entity.insert((Mesh2d(style.mesh.clone()), MeshMaterial2d(material.clone())));
    if !redress {
        entity.insert(Dressed);
        entity.with_child((
            Gloss,
            Mesh2d(art.gloss.clone()),
            MeshMaterial2d(art.gloss_material.clone()),
            Transform::from_xyz(-0.12, 0.16, 0.1).with_rotation(Quat::from_rotation_z(0.5)),
            if style.image {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            },
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
        if let Some(style) = art.looks.get(look.style) {
            material.0 = if change.flagged {
                &style.lit
            } else {
                &style.plain
            }
            .clone();
        }
    }
}

/// Keeps the board fitted to what the HUD leaves of the window ([`ViewArea`], which the kit
/// measures each frame, a resize included), and to a board (re)built.
fn fit_to_window(
    mut rebuilt: MessageReader<BoardRebuilt>,
    area: Res<ViewArea>,
    mut layout: ResMut<BoardLayout>,
    session: Res<GemsSession>,
    mut gems: Query<(&Position, &Flag, &mut Transform), With<Kind>>,
) {
    if rebuilt.read().count() == 0 && !area.is_changed() {
        return;
    }
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

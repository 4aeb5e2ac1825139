//! Grid Duel's drawing and pointer input: the grid's cells as tiles with digits, row and column
//! numbers, each row's and column's points, and the scoring highlights in the theme's table
//! colours: horizontal runs (they cost points) and vertical runs each with their colour and a
//! bar along the run, so colour is never the only cue; bonus digits with a diamond, complete
//! 3×3 boxes glowing.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::grid_duel::score::{bonus_digits, rare_boxes, runs};
use gems_rules::grid_duel::{Grid, SIZE};

use super::model::{CellState, DuelCell, OnShow, Stage};
use crate::kit::palette::Palette;
use crate::kit::theme::Theme;
use crate::kit::world_text::{LabelAnchor, WorldLabel};

pub use super::model::{CELL, CENTER, bounds, cell_center, row_at};

/// The camera shows the whole grid, with its labels, in what the HUD leaves free: beside the
/// panel in a wide window (and beside How to play while it is open), above the panel's sheet on
/// a phone held upright.
fn fit_grid(mut fit: ResMut<crate::kit::camera::CameraFit>) {
    fit.set_if_neq(crate::kit::camera::CameraFit(Some((
        super::SCREEN,
        bounds(),
    ))));
}

/// The drawing of Grid Duel.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoverRow>()
        .add_systems(Update, fit_grid.run_if(in_state(super::SCREEN)))
        .add_systems(OnEnter(super::SCREEN), setup)
        .add_systems(
            Update,
            (dress_new_cells, draw_cells, draw_labels, draw_boxes)
                .chain()
                .in_set(super::set(GameSystems::View)),
        );
}

/// The row under the pointer while the human is choosing.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoverRow(pub Option<usize>);

#[derive(Component)]
struct CellDigit;

/// The gold diamond in a cell's corner marking a bonus digit (15+ in the grid).
#[derive(Component)]
struct BonusMark;

/// A bar through a cell in a run: across it for a row's run, down it for a column's, so runs
/// read as lines without their colour.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum RunMark {
    /// Part of a horizontal run (its points are subtracted).
    Row,
    /// Part of a vertical run (its points are added).
    Column,
}

#[derive(Component)]
struct RowLabel(usize);

#[derive(Component)]
struct ColumnLabel(usize);

#[derive(Component)]
struct RareFrame(usize, usize);

#[derive(Component)]
struct RowHover;

fn setup(mut commands: Commands, palette: Res<Palette>) {
    let tc = &palette.table;
    let side = CELL * SIZE as f32;
    // Board and the 3×3 separators.
    commands.spawn((
        Sprite::from_color(palette.board, Vec2::splat(side + 12.0)),
        Transform::from_translation(CENTER.extend(0.0)),
        DespawnOnExit(super::SCREEN),
    ));
    for k in 1..3 {
        let off = (k as f32 * 3.0 - 4.5) * CELL;
        for (size, pos) in [
            (Vec2::new(4.0, side), Vec2::new(off, 0.0)),
            (Vec2::new(side, 4.0), Vec2::new(0.0, -off)),
        ] {
            commands.spawn((
                Sprite::from_color(tc.line, size),
                Transform::from_translation((CENTER + pos).extend(2.0)),
                DespawnOnExit(super::SCREEN),
            ));
        }
    }
    let dim = tc.label;
    for i in 0..SIZE {
        // Column numbers above, row numbers on the left.
        let top = cell_center(0, i) + Vec2::new(0.0, CELL * 0.85);
        let left = cell_center(i, 0) - Vec2::new(CELL * 0.85, 0.0);
        for (text, pos) in [(i + 1, top), (i + 1, left)] {
            commands.spawn((
                WorldLabel::new(text.to_string(), 20.0, dim),
                Transform::from_translation(pos.extend(3.0)),
                DespawnOnExit(super::SCREEN),
            ));
        }
        commands.spawn((
            RowLabel(i),
            WorldLabel::new("", 22.0, tc.text).anchored(LabelAnchor::CenterLeft),
            Transform::from_translation(
                (cell_center(i, SIZE - 1) + Vec2::new(CELL * 0.7, 0.0)).extend(3.0),
            ),
            DespawnOnExit(super::SCREEN),
        ));
        commands.spawn((
            ColumnLabel(i),
            WorldLabel::new("", 18.0, tc.text),
            Transform::from_translation(
                (cell_center(SIZE - 1, i) - Vec2::new(0.0, CELL * 0.85)).extend(3.0),
            ),
            DespawnOnExit(super::SCREEN),
        ));
    }
    for br in 0..3 {
        for bc in 0..3 {
            commands.spawn((
                RareFrame(br, bc),
                Sprite::from_color(tc.highlight, Vec2::splat(CELL * 3.0)),
                Transform::from_translation(cell_center(3 * br + 1, 3 * bc + 1).extend(0.5)),
                Visibility::Hidden,
                DespawnOnExit(super::SCREEN),
            ));
        }
    }
    commands.spawn((
        RowHover,
        Sprite::from_color(tc.hover, Vec2::new(side, CELL)),
        Transform::from_translation(CENTER.extend(2.5)),
        Visibility::Hidden,
        DespawnOnExit(super::SCREEN),
    ));
}

/// Gives the logic's cell entities their tile and digit.
fn dress_new_cells(
    mut commands: Commands,
    palette: Res<Palette>,
    cells: Query<(Entity, &DuelCell), Without<Sprite>>,
) {
    let tc = &palette.table;
    for (e, cell) in &cells {
        commands
            .entity(e)
            .insert((
                Sprite::from_color(tc.cell, Vec2::splat(CELL - 4.0)),
                Transform::from_translation(cell_center(cell.row, cell.col).extend(1.0)),
                Visibility::Visible,
            ))
            .with_child((
                CellDigit,
                WorldLabel::new("", 32.0, tc.text),
                Transform::from_xyz(0.0, 0.0, 0.5),
            ))
            .with_child((
                BonusMark,
                Sprite::from_color(tc.highlight, Vec2::splat(10.0)),
                Transform::from_xyz(CELL * 0.3, CELL * 0.3, 0.6)
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                Visibility::Hidden,
            ))
            .with_child((
                RunMark::Row,
                Sprite::from_color(tc.minus_text, Vec2::new(CELL, 5.0)),
                Transform::from_xyz(0.0, -CELL * 0.36, 0.55),
                Visibility::Hidden,
            ))
            .with_child((
                RunMark::Column,
                Sprite::from_color(tc.plus_text, Vec2::new(5.0, CELL)),
                Transform::from_xyz(-CELL * 0.36, 0.0, 0.55),
                Visibility::Hidden,
            ));
    }
}

/// Which cells are in horizontal runs and in vertical runs.
fn run_masks(grid: &Grid) -> ([[bool; SIZE]; SIZE], [[bool; SIZE]; SIZE]) {
    let mut h = [[false; SIZE]; SIZE];
    let mut v = [[false; SIZE]; SIZE];
    for i in 0..SIZE {
        for (start, len, _) in runs(&grid.row(i)) {
            h[i][start..start + len].fill(true);
        }
        for (start, len, _) in runs(&grid.column(i)) {
            for row in v.iter_mut().skip(start).take(len) {
                row[i] = true;
            }
        }
    }
    (h, v)
}

/// Digit `d`'s colour: the theme's kind `d`, lightened towards the board's text so it reads
/// well on the tiles.
fn digit_color(palette: &Palette, d: u8) -> Color {
    palette.kind(u32::from(d)).mix(&palette.table.text, 0.35)
}

/// Tiles fade and drop in as they are revealed; scoring highlights show once a grid is fully
/// revealed.
fn draw_cells(
    on_show: Res<OnShow>,
    stage: Res<State<Stage>>,
    palette: Res<Palette>,
    mut cells: Query<(
        &DuelCell,
        &CellState,
        &mut Sprite,
        &mut Transform,
        &Children,
    )>,
    mut digits: Query<&mut WorldLabel, With<CellDigit>>,
    mut marks: Query<&mut Visibility, (With<BonusMark>, Without<RunMark>)>,
    mut run_marks: Query<(&RunMark, &mut Visibility), Without<BonusMark>>,
) {
    let tc = &palette.table;
    let Some(show) = &on_show.show else {
        for (_, _, mut sprite, _, _) in &mut cells {
            sprite.color.set_alpha(0.0);
        }
        return;
    };
    let revealed = *stage.get() != Stage::Revealing;
    let (h, v) = run_masks(&show.grid);
    let bonus = bonus_digits(&show.grid);
    for (cell, state, mut sprite, mut tf, children) in &mut cells {
        let (r, c) = (cell.row, cell.col);
        let (in_row, in_column) = (revealed && h[r][c], revealed && v[r][c]);
        let tint = match (in_row, in_column) {
            (true, true) => tc.both,
            (true, false) => tc.minus,
            (false, true) => tc.plus,
            (false, false) => tc.cell,
        };
        let t = state.shown;
        sprite.color = tint.with_alpha(tint.alpha() * t);
        let pos = cell_center(r, c) + Vec2::new(0.0, (1.0 - t) * CELL * 0.6);
        tf.translation = pos.extend(1.0);
        tf.scale = Vec3::splat(0.6 + 0.4 * t);
        let gold = revealed && bonus.contains(&state.digit);
        for child in children.iter() {
            if let Ok((mark, mut vis)) = run_marks.get_mut(child) {
                let on = match mark {
                    RunMark::Row => in_row,
                    RunMark::Column => in_column,
                };
                vis.set_if_neq(if on {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
            if let Ok(mut vis) = marks.get_mut(child) {
                vis.set_if_neq(if gold {
                    Visibility::Visible
                } else {
                    Visibility::Hidden
                });
            }
            if let Ok(mut label) = digits.get_mut(child) {
                label.set_text(&state.digit.to_string());
                let c = if gold {
                    tc.highlight
                } else {
                    digit_color(&palette, state.digit)
                };
                label.color = c.with_alpha(c.alpha() * t);
            }
        }
    }
}

/// Each row's points after `=` (subtracted) and each column's points below it (added), in the
/// theme's colours of the runs.
fn draw_labels(
    on_show: Res<OnShow>,
    stage: Res<State<Stage>>,
    palette: Res<Palette>,
    mut rows: Query<(&RowLabel, &mut WorldLabel), Without<ColumnLabel>>,
    mut cols: Query<(&ColumnLabel, &mut WorldLabel), Without<RowLabel>>,
) {
    let revealed = on_show.show.is_some() && *stage.get() != Stage::Revealing;
    let p = &on_show.points;
    // A line's points, once revealed: in its colour when it scores, dim when it does not.
    let write = |label: &mut WorldLabel, points: i32, text: String, scoring: Color| {
        label.set_text(if revealed { &text } else { "" });
        label.color = if points > 0 {
            scoring
        } else {
            palette.table.label
        };
    };
    for (RowLabel(i), mut label) in &mut rows {
        let points = p.rows[*i];
        write(
            &mut label,
            points,
            format!("= {points}"),
            palette.table.minus_text,
        );
    }
    for (ColumnLabel(i), mut label) in &mut cols {
        let points = p.columns[*i];
        write(
            &mut label,
            points,
            points.to_string(),
            palette.table.plus_text,
        );
    }
}

/// Frames the complete 3×3 boxes (rare points) and the row under the pointer; both breathe
/// with the theme's hover pulse (still under reduced motion).
fn draw_boxes(
    on_show: Res<OnShow>,
    session: Option<Res<super::model::DuelSession>>,
    stage: Res<State<Stage>>,
    hover: Res<HoverRow>,
    time: Res<Time>,
    theme: Res<Theme>,
    mut frames: Query<(&RareFrame, &mut Visibility, &mut Sprite), Without<RowHover>>,
    mut row_hover: Query<(&mut Visibility, &mut Transform), (With<RowHover>, Without<RareFrame>)>,
) {
    let revealed = *stage.get() != Stage::Revealing;
    let complete = match (&on_show.show, revealed) {
        (Some(s), true) => rare_boxes(&s.grid),
        _ => Vec::new(),
    };
    let breath = theme.effects.breath(time.elapsed_secs());
    let pulse = 0.22 + 1.5 * (breath - 1.0);
    for (RareFrame(br, bc), mut vis, mut sprite) in &mut frames {
        let on = complete.contains(&(*br, *bc));
        vis.set_if_neq(if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        });
        sprite.color.set_alpha(pulse);
    }
    // The row under the pointer breathes; with none, the hint's row does.
    let hinted = session.as_ref().and_then(|s| match s.hint {
        Some((gems_rules::grid_duel::Choice::RegenerateRow(r), _)) => Some(r - 1),
        _ => None,
    });
    for (mut vis, mut tf) in &mut row_hover {
        match hover.0.or(hinted) {
            Some(r) if *stage.get() == Stage::Choosing => {
                vis.set_if_neq(Visibility::Visible);
                tf.translation = cell_center(r, 4).extend(2.5);
                tf.scale = Vec3::new(1.0 + 0.25 * (breath - 1.0), breath, 1.0);
            }
            _ => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

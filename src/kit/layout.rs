//! Where the board sits in the window: the cell size that fits it, and the mapping between board
//! cells and world coordinates.

use bevy::prelude::*;
use gems_rules::gems::Cell;

/// The part of the window the board may use (world units = logical pixels).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ViewArea {
    /// Window size.
    pub size: Vec2,
    /// Height reserved at the top (HUD bar).
    pub top: f32,
    /// Height reserved at the bottom (AI bar).
    pub bottom: f32,
    /// Width reserved on the left (a game's menu panel).
    pub left: f32,
    /// Width reserved on the right.
    pub right: f32,
}

impl Default for ViewArea {
    fn default() -> Self {
        Self {
            size: Vec2::new(1280.0, 800.0),
            top: 48.0,
            bottom: 40.0,
            left: 0.0,
            right: 0.0,
        }
    }
}

impl ViewArea {
    /// The size of what the HUD leaves free.
    pub fn free(&self) -> Vec2 {
        Vec2::new(
            self.size.x - self.left - self.right,
            self.size.y - self.top - self.bottom,
        )
        .max(Vec2::splat(32.0))
    }

    /// The centre of what the HUD leaves free, in the world of a camera at the origin.
    pub fn free_center(&self) -> Vec2 {
        Vec2::new(self.left - self.right, self.bottom - self.top) / 2.0
    }

    /// The middle of the window (where a screen without a grid celebrates), in the world.
    pub fn middle(&self) -> Rect {
        Rect::from_center_size(Vec2::ZERO, self.size * 0.6)
    }
}

/// The board's placement: each cell is a `cell`-sized square, the board centred at `center`.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Side of one cell, in world units.
    pub cell: f32,
    /// World position of the board's centre.
    pub center: Vec2,
}

impl Default for BoardLayout {
    fn default() -> Self {
        Self::fit(1, 1, ViewArea::default())
    }
}

impl BoardLayout {
    /// The largest square cells that fit a `rows` × `cols` board in `area` with a margin.
    pub fn fit(rows: usize, cols: usize, area: ViewArea) -> Self {
        let (rows, cols) = (rows.max(1), cols.max(1));
        let margin = 16.0;
        let avail = (area.free() - Vec2::splat(2.0 * margin)).max(Vec2::splat(32.0));
        let cell = (avail.x / cols as f32).min(avail.y / rows as f32).max(1.0);
        // World origin is the window centre; shift by the difference of the reserved bars.
        let center = area.free_center();
        Self {
            rows,
            cols,
            cell,
            center,
        }
    }

    /// World position of a (possibly fractional) cell: `at.x` is the column, `at.y` the row.
    pub fn world(&self, at: Vec2) -> Vec2 {
        Vec2::new(
            self.center.x + (at.x - (self.cols as f32 - 1.0) / 2.0) * self.cell,
            self.center.y + ((self.rows as f32 - 1.0) / 2.0 - at.y) * self.cell,
        )
    }

    /// World position of a cell's centre.
    pub fn cell_center(&self, cell: Cell) -> Vec2 {
        self.world(cell_vec(cell))
    }

    /// The cell under a world position, if it is on the board.
    pub fn cell_at(&self, world: Vec2) -> Option<Cell> {
        let col = (world.x - self.center.x) / self.cell + self.cols as f32 / 2.0;
        let row = self.rows as f32 / 2.0 - (world.y - self.center.y) / self.cell;
        (col >= 0.0 && row >= 0.0 && col < self.cols as f32 && row < self.rows as f32)
            .then(|| Cell::new(row as usize, col as usize))
    }

    /// Size of the whole board in world units.
    pub fn size(&self) -> Vec2 {
        Vec2::new(self.cols as f32, self.rows as f32) * self.cell
    }

    /// The board's area in the world.
    pub fn rect(&self) -> Rect {
        Rect::from_center_size(self.center, self.size())
    }
}

/// A cell as a vector in cell space (x = column, y = row).
pub fn cell_vec(cell: Cell) -> Vec2 {
    Vec2::new(cell.col as f32, cell.row as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_world_space() {
        let l = BoardLayout::fit(7, 10, ViewArea::default());
        for r in 0..7 {
            for c in 0..10 {
                let cell = Cell::new(r, c);
                assert_eq!(l.cell_at(l.cell_center(cell)), Some(cell));
            }
        }
        assert_eq!(l.cell_at(l.world(Vec2::new(-1.0, 0.0))), None);
        assert_eq!(l.cell_at(l.world(Vec2::new(0.0, 7.0))), None);
    }

    #[test]
    fn board_fits_the_window() {
        for (rows, cols) in [(3, 3), (50, 50), (15, 15), (7, 3), (100, 100)] {
            let area = ViewArea::default();
            let l = BoardLayout::fit(rows, cols, area);
            assert!(l.size().x <= area.size.x);
            assert!(l.size().y <= area.size.y - area.top - area.bottom);
        }
    }
}

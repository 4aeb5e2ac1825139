//! The mouse on Solo Red's table: a click picks up (or puts back) a hand card, then plays it to
//! a palette or the canvas. The keyboard does the same with a cursor ([`SoloFocus`]): the
//! arrows move it along the hand or along the table (the canvas, then the palettes), Space or
//! Enter acts on what it is on. C lets the AI play on (or stops it).

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::table::Table;
use super::model::{Place, SoloRedAction, SoloRedSession, place_position, table};
use crate::kit::pointer::WorldPointer;

/// Reads the mouse.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoloHover>()
        .add_systems(
            Update,
            (hover, click).in_set(super::set(GameSystems::Input)),
        )
        .add_plugins(keys_plugin);
}

/// Reads the keyboard and gamepads (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.init_resource::<SoloFocus>()
        .add_systems(Update, keys.in_set(super::set(GameSystems::Input)));
}

/// The keyboard's cursor on the table: on a hand card, or on the table's row (the canvas at 0,
/// then the palettes).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloFocus {
    /// On the table's row (else on the hand).
    pub on_table: bool,
    /// The hand card it is on, 0-based.
    pub hand: usize,
    /// Its place on the table's row: 0 the canvas, 1.. the palettes.
    pub table: usize,
    /// Shown once the keyboard has been used.
    pub visible: bool,
}

impl SoloFocus {
    /// What Space does where the cursor is, on `s`'s table.
    pub fn action(&self, s: &SoloRedSession) -> SoloRedAction {
        let hand = s.game.hand().len().max(1);
        if !self.on_table {
            SoloRedAction::Select(self.hand.min(hand - 1))
        } else if self.table == 0 {
            SoloRedAction::Canvas
        } else {
            SoloRedAction::Palette((self.table - 1).min(s.game.num_palettes() - 1))
        }
    }
}

/// What a click would do where the pointer is now (the view makes that card breathe).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloHover(pub Option<SoloRedAction>);

fn hover(
    pointer: WorldPointer,
    s: Res<SoloRedSession>,
    t: Res<Table>,
    mut hovered: ResMut<SoloHover>,
) {
    let target = pointer.hover().and_then(|p| target_at(p, &s, *t));
    hovered.set_if_neq(SoloHover(target));
}

/// What a click at world position `p` means.
fn target_at(p: Vec2, s: &SoloRedSession, t: Table) -> Option<SoloRedAction> {
    use table::*;
    let n = s.game.num_palettes();
    let h = s.game.hand().len();
    for i in (0..h).rev() {
        let c = place_position(t, Place::Hand(i), n, h, s.selected == Some(i)).truncate();
        if (p - c).abs().cmple(Vec2::new(CARD_W, CARD_H) / 2.0).all() {
            return Some(SoloRedAction::Select(i));
        }
    }
    if (p - t.canvas())
        .abs()
        .cmple(Vec2::new(CARD_W, CARD_H) / 2.0 + 8.0)
        .all()
    {
        return Some(SoloRedAction::Canvas);
    }
    (0..n)
        .find(|&q| {
            (p.x - t.palette_x(q, n)).abs() <= CARD_W / 2.0 + 8.0
                && p.y <= t.palette_y() + CARD_H / 2.0
                && p.y >= t.palette_y() - PALETTE_DEPTH
        })
        .map(SoloRedAction::Palette)
}

fn click(
    pointer: WorldPointer,
    s: Res<SoloRedSession>,
    t: Res<Table>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    let Some(world) = pointer.click() else {
        return;
    };
    if let Some(a) = target_at(world, &s, *t) {
        actions.write(a);
    }
}

/// The arrows or WASD (by their places), or a gamepad's pad, move the cursor: left and right
/// along its row, up to the table and down to the hand. Space, Enter or South act on what it
/// is on: a hand card is picked up (and the cursor goes up to the table), a palette or the
/// canvas takes the picked-up card (and the cursor comes back to the hand). C switches
/// autoplay (hint, undo and the other letters are the kit's shared keys).
fn keys(
    keys: crate::kit::keys::GameKeys,
    s: Res<SoloRedSession>,
    mut focus: ResMut<SoloFocus>,
    mut actions: MessageWriter<SoloRedAction>,
) {
    if keys.taken() {
        return;
    }
    let hand = s.game.hand().len().max(1);
    let table = s.game.num_palettes() + 1;
    if let Some((dr, dc)) = keys.direction() {
        if focus.visible {
            if dr != 0 {
                focus.on_table = dr < 0;
            }
            let (at, len) = if focus.on_table {
                (&mut focus.table, table)
            } else {
                (&mut focus.hand, hand)
            };
            *at = (*at as i64 + i64::from(dc)).rem_euclid(len as i64) as usize;
        }
        // The first key press only shows the cursor where it is.
        focus.visible = true;
    }
    focus.hand = focus.hand.min(hand - 1);
    focus.table = focus.table.min(table - 1);
    if keys.select() || keys.enter() {
        if focus.visible && !s.game.is_over() {
            let action = focus.action(&s);
            actions.write(action);
            match action {
                SoloRedAction::Select(i) if s.selected != Some(i) => {
                    focus.on_table = true;
                    focus.table = focus.table.max(1);
                }
                SoloRedAction::Palette(_) | SoloRedAction::Canvas if s.selected.is_some() => {
                    focus.on_table = false;
                }
                _ => {}
            }
        }
        focus.visible = true;
    }
    if keys.letter('c') && !keys.ctrl() {
        actions.write(SoloRedAction::ToggleAutoplay);
    }
}

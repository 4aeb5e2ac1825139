//! The mouse on Solo Red's table: a click picks up (or puts back) a hand card, then plays it to
//! a palette or the canvas. Keys, as in Dots: H a hint, A the AI plays on (or stops), N a new
//! deal.

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

/// Reads the keyboard (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.add_systems(Update, keys.in_set(super::set(GameSystems::Input)));
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

/// C switches autoplay (hint, undo and the other letters are the kit's shared keys).
fn keys(keys: crate::kit::keys::GameKeys, mut actions: MessageWriter<SoloRedAction>) {
    if keys.taken() {
        return;
    }
    if keys.letter('c') && !keys.ctrl() {
        actions.write(SoloRedAction::ToggleAutoplay);
    }
}

//! What the monkey checks in each game once it reports itself settled: its entities equal its
//! rules' state; and that no game's entities outlive its screen.

use std::collections::BTreeMap;

use bevy::prelude::*;
use gems_rules::gems::Cell;
use modern_gems::games::dots::model::{Dot, DotIndex, DotsSession, Vanish};
use modern_gems::games::gems::anim::Animations;
use modern_gems::games::gems::model::{GemIndex, GemsSession, Kind, Position};
use modern_gems::games::grid_duel::model::{CellState, DuelCell, OnShow};
use modern_gems::games::k_in_a_row::model::KSession;
use modern_gems::games::solo_red::model::{CardEntity, Gliding, SoloRedSession, place_position};
use modern_gems::kit::anim::Tween;
use modern_gems::kit::screens::Screen;

/// Modern Gems: one entity per gem, at the rules' cell with the rules' kind, indexed, still.
pub fn check_gems(world: &mut World) -> Result<(), String> {
    let board = world.resource::<GemsSession>().game.board().clone();
    let mut seen = BTreeMap::new();
    for (e, pos, kind) in world.query::<(Entity, &Position, &Kind)>().iter(world) {
        if seen.insert(pos.cell(), (kind.0, e)).is_some() {
            return Err(format!("two gems at {}", pos.cell()));
        }
    }
    let want: BTreeMap<Cell, u32> = board.gems().collect();
    let got: BTreeMap<Cell, u32> = seen.iter().map(|(c, (k, _))| (*c, *k)).collect();
    if got != want {
        let only_ecs: Vec<_> = got.iter().filter(|(c, k)| want.get(c) != Some(k)).collect();
        let only_rules: Vec<_> = want.iter().filter(|(c, k)| got.get(c) != Some(k)).collect();
        return Err(format!(
            "gems differ from the rules board (entities only: {only_ecs:?}; rules only: {only_rules:?}):\n{board}"
        ));
    }
    let index = world.resource::<GemIndex>();
    if seen.iter().any(|(c, (_, e))| index.get(*c) != Some(*e))
        || index.cells.iter().flatten().count() != seen.len()
    {
        return Err("the gem index does not match the gems".into());
    }
    if !world.resource::<Animations>().is_idle() {
        return Err("gems still animate on a settled board".into());
    }
    Ok(())
}

/// Dots: one entity per dot, at the rules' point with the rules' colour, indexed, still.
pub fn check_dots(world: &mut World) -> Result<(), String> {
    let board = world.resource::<DotsSession>().game.board().clone();
    let mut seen = BTreeMap::new();
    for (e, d) in world.query::<(Entity, &Dot)>().iter(world) {
        if seen.insert(d.at, (d.color, e)).is_some() {
            return Err(format!("two dots at {}", d.at));
        }
    }
    let want: BTreeMap<_, u8> = board.points().map(|p| (p, board.get(p))).collect();
    let got: BTreeMap<_, u8> = seen.iter().map(|(p, (c, _))| (*p, *c)).collect();
    if got != want {
        return Err(format!("dots differ from the rules board:\n{board}"));
    }
    let index = world.resource::<DotIndex>();
    if seen.iter().any(|(p, (_, e))| index.get(*p) != Some(*e)) {
        return Err("the dot index does not match the dots".into());
    }
    let moving =
        world.query::<&Tween>().iter(world).count() + world.query::<&Vanish>().iter(world).count();
    if moving > 0 {
        return Err(format!("{moving} dots still animate on a settled board"));
    }
    Ok(())
}

/// K in a row: a tile has grown in on exactly the cells the rules board has tiles on.
pub fn check_k(world: &mut World) -> Result<(), String> {
    let s = world.resource::<KSession>();
    let board = s.game.board();
    let n = board.size();
    for r in 0..n {
        for c in 0..n {
            let tile = matches!(
                board.get(r, c),
                Some(gems_rules::k_in_a_row::Cell::Human | gems_rules::k_in_a_row::Cell::Computer)
            );
            if tile != s.placed_at[r * n + c].is_some() {
                return Err(format!("cell ({r},{c}): tile {tile}, animation disagrees"));
            }
        }
    }
    Ok(())
}

/// Solo Red: one card entity per card on the table, resting exactly at its place.
pub fn check_solo(world: &mut World) -> Result<(), String> {
    let s = world.resource::<SoloRedSession>().clone();
    let (n, h) = (s.game.num_palettes(), s.game.hand().len());
    let table = *world.resource::<modern_gems::games::solo_red::model::table::Table>();
    let mut got = Vec::new();
    let mut q = world.query::<(&CardEntity, &Transform, Has<Gliding>)>();
    for (c, t, gliding) in q.iter(world) {
        let lifted = matches!(c.place, modern_gems::games::solo_red::model::Place::Hand(i) if s.selected == Some(i));
        if gliding || t.translation != place_position(table, c.place, n, h, lifted) {
            return Err(format!("{} is not at rest at its place", c.card));
        }
        got.push((c.card.index(), c.place));
    }
    let mut want: Vec<_> = s
        .places()
        .into_iter()
        .map(|(c, p)| (c.index(), p))
        .collect();
    got.sort_by_key(|x| x.0);
    want.sort_by_key(|x| x.0);
    if got != want {
        return Err("the card entities differ from the rules' table".into());
    }
    Ok(())
}

/// Grid Duel: the 81 cells show the grid on show, fully revealed.
pub fn check_duel(world: &mut World) -> Result<(), String> {
    let Some(grid) = world.resource::<OnShow>().show.as_ref().map(|s| s.grid) else {
        return Ok(());
    };
    let mut count = 0;
    for (c, st) in world.query::<(&DuelCell, &CellState)>().iter(world) {
        count += 1;
        if st.shown != 1.0 || st.digit != grid.get(c.row, c.col) {
            return Err(format!(
                "cell {c:?} shows {st:?}, the grid has {}",
                grid.get(c.row, c.col)
            ));
        }
    }
    if count != 81 {
        return Err(format!("{count} cells instead of 81"));
    }
    Ok(())
}

/// Entities of the games whose screen is not showing (they must have left with it).
pub fn leftovers(world: &mut World, screen: Screen) -> Result<(), String> {
    let counts = [
        (
            modern_gems::games::gems::SCREEN,
            world.query::<&Kind>().iter(world).count(),
        ),
        (
            modern_gems::games::dots::SCREEN,
            world.query::<&Dot>().iter(world).count(),
        ),
        (
            modern_gems::games::solo_red::SCREEN,
            world.query::<&CardEntity>().iter(world).count(),
        ),
        (
            modern_gems::games::grid_duel::SCREEN,
            world.query::<&DuelCell>().iter(world).count(),
        ),
    ];
    match counts.iter().find(|(s, n)| *s != screen && *n > 0) {
        Some((s, n)) => Err(format!("{n} entities of {s:?} outlived their screen")),
        None => Ok(()),
    }
}

/// The chrome holds together: the game's clock is stopped exactly while it is paused; back on
/// the title nothing is paused or open; a game that is not over has its game-over window ready
/// to show.
pub fn check_chrome(world: &mut World, screen: Screen) -> Result<(), String> {
    use modern_gems::kit::chrome::{Chrome, Paused};
    let paused = world.resource::<Paused>().0;
    let stopped = world.resource::<Time<Virtual>>().is_paused();
    if paused != stopped {
        return Err(format!("paused {paused} but the clock stopped {stopped}"));
    }
    let chrome = *world.resource::<Chrome>();
    if screen == Screen::Title && (paused || chrome != Chrome::default()) {
        return Err(format!("on the title: paused {paused}, {chrome:?}"));
    }
    let over = world
        .resource::<modern_gems::kit::screens::ScreenStatus>()
        .over;
    if !over && chrome.over_hidden {
        return Err("the game-over window stays hidden in a game not over".into());
    }
    Ok(())
}

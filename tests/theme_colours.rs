//! Colours come from the theme only: each game's board is drawn headless under two themes that
//! differ in every colour field, and no sprite, material or label colour of the first drawing
//! appears in the second. A colour written in a game's code would be the same in both.

use std::collections::BTreeSet;
use std::time::Duration;

use bevy::prelude::*;
use modern_gems::games::REGISTRY;
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::theme::{Field, Theme, Value, hex_rgba};
use modern_gems::kit::world_text::WorldLabel;
use modern_gems::{headless_screen_app, settle_screen};

/// `hex` with each channel moved by a different amount (wrapping), alpha kept: a colour no
/// field of the default theme has.
fn shifted(hex: &str) -> String {
    let [r, g, b, a] = hex_rgba(hex).expect("the theme's colours parse");
    let byte = |c: f32| (c * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}{:02x}",
        byte(r).wrapping_add(101),
        byte(g).wrapping_add(67),
        byte(b).wrapping_add(151),
        byte(a)
    )
}

/// Shifts every colour among `fields`; how many there were.
fn shift_all(fields: Vec<Field<'_>>) -> usize {
    let mut n = 0;
    for field in fields {
        if let Value::Colour(hex) = field.value {
            *hex = shifted(hex);
            n += 1;
        }
    }
    n
}

/// The default theme with every colour field shifted.
fn other_theme() -> Theme {
    let mut theme = Theme::default();
    let mut n = shift_all(theme.fields_mut());
    n += shift_all(theme.ui.fields_mut());
    n += shift_all(theme.table.fields_mut());
    for gem in &mut theme.gems {
        gem.color = shifted(&gem.color);
        n += 1;
    }
    assert!(n > 40, "every colour field is shifted ({n})");
    theme
}

/// Every colour `game`'s board is drawn in under `theme` (sprites, mesh materials, world
/// labels), as sRGBA bytes.
fn drawn_colours(game: &GameInfo, theme: Theme) -> BTreeSet<[u8; 4]> {
    let mut app = headless_screen_app(game.screen, Duration::from_millis(16));
    app.add_plugins(bevy::asset::AssetPlugin::default())
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .init_resource::<modern_gems::kit::camera::CameraFit>()
        .insert_resource(HighScores::default())
        .insert_resource(theme);
    (game.logic_plugin)(&mut app);
    (game.draw_plugin)(&mut app);
    settle_screen(&mut app, 2_000);
    for _ in 0..120 {
        app.update();
    }
    let world = app.world_mut();
    let bytes = |c: Color| c.to_srgba().to_u8_array();
    let mut colours = BTreeSet::new();
    colours.extend(world.query::<&Sprite>().iter(world).map(|s| bytes(s.color)));
    colours.extend(
        world
            .query::<&WorldLabel>()
            .iter(world)
            .map(|l| bytes(l.color)),
    );
    let handles: Vec<_> = world
        .query::<&MeshMaterial2d<ColorMaterial>>()
        .iter(world)
        .map(|m| m.0.clone())
        .collect();
    let materials = world.resource::<Assets<ColorMaterial>>();
    colours.extend(
        handles
            .iter()
            .filter_map(|h| materials.get(h))
            .map(|m| bytes(m.color)),
    );
    colours
}

#[test]
fn every_colour_of_every_game_comes_from_the_theme() {
    let other = other_theme();
    for game in REGISTRY {
        let a = drawn_colours(game, Theme::default());
        let b = drawn_colours(game, other.clone());
        assert!(
            a.len() >= 3,
            "{}: the board is drawn ({} colours)",
            game.name,
            a.len()
        );
        let same: Vec<_> = a.intersection(&b).collect();
        assert!(
            same.is_empty(),
            "{}: these colours do not follow the theme: {same:?}",
            game.name
        );
    }
}

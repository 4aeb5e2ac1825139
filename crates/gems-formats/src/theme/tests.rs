//! The theme format's tests: parsing, validation, defaults, round trips.

use super::*;

#[test]
fn easings_start_at_zero_and_end_at_one() {
    for e in Easing::ALL {
        assert!(e.apply(0.0).abs() < 1e-4, "{e:?}");
        assert!((e.apply(1.0) - 1.0).abs() < 1e-4, "{e:?}");
        assert!((e.apply(2.0) - 1.0).abs() < 1e-4, "{e:?} clamps");
    }
}

#[test]
fn broken_themes_name_the_line() {
    let e = Theme::parse("(\n  name: \"x\",\n  background: 12,\n)").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let e = Theme::parse("(\n  name: \"x\",\n\n  cursor: \"#zzzzzz\",\n)").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("not a colour"), "{e}");
    let e = Theme::parse("(\n  timings: (\n    fall: -1.0,\n  ),\n)").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let e = Theme::parse("(\n  nonsense: 3,\n)").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(Theme::parse("").is_err());
    assert_eq!(Theme::parse("()").unwrap(), Theme::default());
}

#[test]
fn ui_colours_default_for_old_themes_and_are_checked() {
    let old = Theme::parse("(name: \"Old\")").unwrap();
    assert_eq!(old.ui, UiColors::default());
    let t = Theme::parse("(ui: (accent: \"#102030\"))").unwrap();
    assert_eq!(t.ui.accent, "#102030");
    assert_eq!(t.ui.bad, UiColors::default().bad);
    let e = Theme::parse("(\n  ui: (\n    good: \"green\",\n  ),\n)").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.contains("good"), "{e}");
}

#[test]
fn images_and_effects_are_optional_and_checked() {
    let old = Theme::parse("(gems: [(color: \"#ff0000\", shape: star)])").unwrap();
    assert_eq!(old.gems[0].image, None);
    assert_eq!(old.effects, Effects::default());
    assert!(old.images().is_empty());
    let t = Theme::parse(
        "(gems: [(color: \"#ff0000\", shape: star, image: \"a/g.png\"),\n\
         (color: \"#00ff00\", shape: circle, image: \"a/g.png\")],\n\
         board_image: \"a/b.PNG\", effects: (max_shards: 10))",
    )
    .unwrap();
    assert_eq!(t.images(), ["a/g.png", "a/b.PNG"]);
    assert_eq!(t.effects.max_shards, 10);
    for bad in [
        "../x.png",
        "/etc/x.png",
        "a/../../x.png",
        "c:x.png",
        "a/x.jpg",
        "",
        "yours://",
        "yours://a/x.png",
        "yours://../x.png",
        "yours://x.jpg",
        "http://x.png",
    ] {
        let text = format!("(\n  board_image: \"{bad}\",\n)");
        let e = Theme::parse(&text).unwrap_err();
        assert_eq!(e.line, 2, "{bad}: {e}");
    }
    // An image the player imported; a sound may not come from there.
    let mine = Theme::parse("(board_image: \"yours://My Photo.png\")").unwrap();
    assert_eq!(mine.images(), ["yours://My Photo.png"]);
    let e = Theme::parse("(\n  sounds: (select: (file: \"yours://a.ogg\", volume: 1.0)),\n)")
        .unwrap_err();
    assert!(e.message.contains("under assets/"), "{e}");
    let e = Theme::parse("(\n  effects: (\n    shard_life: 9.0,\n  ),\n)").unwrap_err();
    assert!(e.message.contains("effects.shard_life"), "{e}");
    assert_eq!(e.line, 3, "{e}");
    let reduced = t.with_reduced_motion().effects;
    assert_eq!(
        (
            reduced.max_shards,
            reduced.popup_time,
            reduced.celebration_time
        ),
        (0, 0.0, 0.0)
    );
    assert_eq!(reduced.hover_pulse, 0.0);
}

#[test]
fn themes_round_trip_through_their_text_and_names_become_stems() {
    let mut t = Theme {
        name: "Mine".into(),
        ..Theme::default()
    };
    t.gems[0].image = Some("themes/jewels/gem-1.png".into());
    t.board_image = Some("themes/jewels/board.png".into());
    t.effects.max_shards = 9;
    let text = t.to_text().unwrap();
    assert!(
        text.contains("image: \"themes/jewels/gem-1.png\""),
        "{text}"
    );
    assert_eq!(Theme::parse(&text), Ok(t));
    assert_eq!(
        player_theme_stem("  My Dark  Theme "),
        Ok("my-dark-theme".into())
    );
    assert_eq!(player_theme_stem("Ünïcode_1"), Ok("ünïcode_1".into()));
    for bad in ["", "   ", "a/b", "../x", "x.y", &"n".repeat(41)] {
        assert!(player_theme_stem(bad).is_err(), "{bad}");
    }
}

#[test]
fn hex_colours() {
    assert_eq!(hex_rgba("#ff0000"), Some([1.0, 0.0, 0.0, 1.0]));
    assert_eq!(hex_rgba(" f00 "), Some([1.0, 0.0, 0.0, 1.0]));
    assert_eq!(hex_rgba("#00ff0080").map(|c| c[3]), Some(128.0 / 255.0));
    for bad in ["", "#", "#ff00f", "#ggg", "#ff00000", "#ÿÿÿ", "#+f+f+f"] {
        assert_eq!(hex_rgba(bad), None, "{bad}");
    }
}

#[test]
fn reduced_motion_skips_transitions() {
    let t = Theme::default().with_reduced_motion().timings;
    assert_eq!((t.remove, t.fall, t.shift, t.deal), (0.0, 0.0, 0.0, 0.0));
    assert!(t.flag > 0.0);
}

#[test]
fn default_theme_colours_parse_and_shapes_differ() {
    let t = Theme::default();
    for g in &t.gems {
        assert!(hex_rgba(&g.color).is_some(), "{}", g.color);
    }
    let shapes: std::collections::HashSet<_> = t.gems.iter().map(|g| g.shape).collect();
    assert_eq!(shapes.len(), t.gems.len());
    assert_eq!(t.style(1).shape, GemShape::Circle);
    assert_eq!(t.style(9).shape, GemShape::Ring);
    assert_eq!(t.style(10).shape, GemShape::Circle);
    assert_eq!(t.gems.len(), usize::from(gems_rules::MAX_KINDS));
}

#[test]
fn a_theme_with_fewer_styles_than_kinds_gets_distinct_ones_for_the_rest() {
    let short = Theme::parse(
        "(gems: [(color: \"#ff0000\", shape: ring), (color: \"#00ff00\", shape: circle)])",
    )
    .unwrap();
    assert_eq!(short.gems.len(), usize::from(gems_rules::MAX_KINDS));
    assert_eq!(short.gems[0].color, "#ff0000");
    assert_eq!(short.gems[1].shape, GemShape::Circle);
    let shapes: std::collections::HashSet<_> = short.gems.iter().map(|g| g.shape).collect();
    assert_eq!(shapes.len(), short.gems.len(), "{:?}", short.gems);
}

#[test]
fn theme_versions_keep_a_newer_files_known_fields_and_name_a_misspelt_one() {
    // A file with no version is this version's (earlier shapes are subsets of it).
    let old = Theme::parse("(name: \"Old\", background: \"#102030\")").unwrap();
    assert_eq!((old.version, old.newer_notice()), (THEME_VERSION, None));
    // This version's text has its version, and reads back.
    let text = old.to_text().unwrap();
    assert!(
        text.contains(&format!("version: {THEME_VERSION}")),
        "{text}"
    );
    // A misspelt field in a file of this version: an error naming it and its line.
    let e = Theme::parse("(\n  name: \"Typo\",\n  backgrund: \"#102030\",\n)").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("backgrund"), "{}", e.message);
    let nested = Theme::parse("(\n  effects: (\n    shardz: 3,\n  ),\n)").unwrap_err();
    assert!(
        nested.message.contains("effects.shardz"),
        "{}",
        nested.message
    );
    // A newer version's file: its known fields kept, the unknown ones dropped, a notice.
    let newer = format!(
        "(name: \"Future\", version: {}, background: \"#405060\", sparkles: (rate: 3), \
         effects: (glitter: true))",
        THEME_VERSION + 1
    );
    let theme = Theme::parse(&newer).unwrap();
    assert_eq!(
        (theme.name.as_str(), theme.background.as_str()),
        ("Future", "#405060")
    );
    assert!(theme.newer_notice().unwrap().contains("newer version"));
}

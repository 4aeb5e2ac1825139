//! Themes that carry art: the images a theme names load through the game's PNG loader (with
//! their mip chains), reload when the file changes, and a missing, corrupt or oversized image is
//! a notice naming the file while its gem style falls back to the colour and shape. Runs the
//! real asset server over a temporary asset folder.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use modern_gems::kit::art::{self, ThemeImages, gem_looks};
use modern_gems::kit::settings::Notices;
use modern_gems::kit::theme::{Theme, color};

/// A PNG of `w × h` opaque pixels of one colour.
fn png(w: u32, h: u32, rgb: [u8; 3]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut e = png::Encoder::new(&mut out, w, h);
    e.set_color(png::ColorType::Rgb);
    e.set_depth(png::BitDepth::Eight);
    let data: Vec<u8> = (0..w * h).flat_map(|_| rgb).collect();
    e.write_header().unwrap().write_image_data(&data).unwrap();
    out
}

fn step_until(app: &mut App, what: &str, until: impl Fn(&mut App) -> bool) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        app.update();
        if until(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what}: never happened");
}

fn notices(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().texts()
}

#[test]
fn theme_images_load_reload_and_fall_back_with_a_notice() {
    let root = std::env::temp_dir().join(format!("gems-art-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("art");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write("good.png", &png(4, 2, [200, 30, 40]));
    write("corrupt.png", b"\x89PNG\r\n\x1a\n but not really");
    // A valid header for a 4000 × 1 image, cut off before any pixel data.
    write("huge.png", &png(4000, 1, [0, 0, 0])[..33]);
    write("board.png", &png(16, 16, [10, 20, 30]));

    let text = r##"(
        board_image: "art/board.png",
        gems: [
            (color: "#ff0000", shape: circle, image: "art/good.png"),
            (color: "#00ff00", shape: star, image: "art/corrupt.png"),
            (color: "#0000ff", shape: cross, image: "art/huge.png"),
            (color: "#ffff00", shape: hexagon, image: "art/missing.png"),
            (color: "#00ffff", shape: square),
        ],
    )"##;
    let theme = Theme::parse(text).unwrap();
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::asset::AssetPlugin {
            file_path: root.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            ..default()
        },
    ))
    .init_resource::<Notices>()
    .insert_resource(theme.clone())
    .add_plugins(art::plugin);

    step_until(&mut app, "the good images load", |app| {
        let images = app.world().resource::<ThemeImages>();
        images.board.is_some() && images.gems.first().is_some_and(Option::is_some)
    });
    step_until(&mut app, "three notices", |app| notices(app).len() >= 3);
    let images = app.world().resource::<ThemeImages>().clone();
    assert_eq!(images.gems.len(), usize::from(gems_rules::MAX_KINDS));
    assert!(images.gems[1..].iter().all(Option::is_none), "{images:?}");
    assert!(images.background.is_none());

    // The image is a texture with its whole mip chain: 4×2, 2×1, 1×1.
    let textures = app.world().resource::<Assets<Image>>();
    let good = textures.get(images.gems[0].as_ref().unwrap()).unwrap();
    assert_eq!(good.texture_descriptor.mip_level_count, 3);
    assert_eq!(good.data.as_ref().map(Vec::len), Some((8 + 2 + 1) * 4));
    assert_eq!(&good.data.as_ref().unwrap()[..4], &[200, 30, 40, 255]);

    // Each failure names its file; the oversized one says why.
    let said = notices(&app);
    for file in ["corrupt.png", "huge.png", "missing.png"] {
        assert!(said.iter().any(|n| n.contains(file)), "{file}: {said:?}");
    }
    let huge = said.iter().find(|n| n.contains("huge.png")).unwrap();
    assert!(huge.contains("4000×1"), "{huge}");
    assert!(said.iter().all(|n| n.contains("drawing the shape instead")));

    // The looks: the image for the first style, colour and shape for the others.
    let mut meshes = Assets::<Mesh>::default();
    let mut materials = Assets::<ColorMaterial>::default();
    let looks = gem_looks(
        &theme,
        &modern_gems::kit::palette::Palette::of(&theme),
        &images,
        &mut meshes,
        &mut materials,
    );
    assert_eq!(looks.len(), usize::from(gems_rules::MAX_KINDS));
    assert!(looks[0].image);
    let first = materials.get(&looks[0].plain).unwrap();
    assert_eq!(first.texture.as_ref(), images.gems[0].as_ref());
    for (i, hex) in [(1, "#00ff00"), (3, "#ffff00"), (4, "#00ffff")] {
        assert!(!looks[i].image);
        let m = materials.get(&looks[i].plain).unwrap();
        assert_eq!(
            (m.color, m.texture.is_none()),
            (color(hex), true),
            "style {i}"
        );
    }
    // Different shapes, different meshes.
    assert_ne!(looks[1].mesh, looks[2].mesh);

    // Replacing the file reloads it while the game runs.
    write("good.png", &png(8, 8, [1, 2, 3]));
    step_until(&mut app, "the edited image reloads", |app| {
        let handle = app.world().resource::<ThemeImages>().gems[0].clone();
        let textures = app.world().resource::<Assets<Image>>();
        handle
            .and_then(|h| textures.get(&h))
            .is_some_and(|i| i.width() == 8)
    });

    // A theme without images draws shapes only.
    app.insert_resource(Theme::default());
    step_until(&mut app, "images dropped", |app| {
        let images = app.world().resource::<ThemeImages>();
        images.board.is_none() && images.gems.iter().all(Option::is_none)
    });
    assert!(Path::new(&root).exists());
    let _ = std::fs::remove_dir_all(&root);
}

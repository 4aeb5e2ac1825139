//! The real binary in a real window under Xvfb (Mesa's software Vulkan): a greedy autoplay game
//! on `tiny` must exit with status 0 and leave a screenshot that is not blank.
//!
//! Needs `xvfb-run` (Debian's `xvfb`). Without it the test is skipped locally but fails in CI.

use std::path::Path;
use std::process::Command;

fn have_xvfb() -> bool {
    Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Distinct colours and the spread of brightness in an RGB(A) PNG.
fn picture_stats(path: &Path) -> (usize, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    assert!(
        channels >= 3,
        "colour PNG expected, got {:?}",
        info.color_type
    );
    let pixels = &buf[..info.buffer_size()];
    let mut colours = std::collections::HashSet::new();
    let (mut sum, mut sum_sq, mut n) = (0.0, 0.0, 0.0);
    for px in pixels.chunks(channels) {
        colours.insert((px[0], px[1], px[2]));
        let l = (f64::from(px[0]) + f64::from(px[1]) + f64::from(px[2])) / 3.0;
        sum += l;
        sum_sq += l * l;
        n += 1.0;
    }
    let mean = sum / n;
    (colours.len(), (sum_sq / n - mean * mean).sqrt())
}

/// A fresh scratch folder for a real-window run named `name`; `None` (the test is skipped)
/// where `xvfb-run` is missing, which CI never allows.
fn window_run_dir(name: &str) -> Option<std::path::PathBuf> {
    if !have_xvfb() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have xvfb-run installed"
        );
        eprintln!("xvfb-run not found; skipping the real-window test");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("gems-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Some(dir)
}

#[test]
fn autoplay_game_in_a_real_window_exits_cleanly_with_a_screenshot() {
    let Some(dir) = window_run_dir("window") else {
        return;
    };
    let shot = dir.join("tiny.png");
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1024x768x24"])
        .arg(env!("CARGO_BIN_EXE_modern-gems"))
        .args([
            "--board",
            "tiny",
            "--player",
            "greedy",
            "--autoplay",
            "--exit-after-game",
        ])
        .arg("--screenshot")
        .arg(&shot)
        .env("MODERN_GEMS_DATA_DIR", dir.join("data"))
        .status()
        .expect("xvfb-run starts");
    assert!(status.success(), "exit status {status}");
    let (colours, spread) = picture_stats(&shot);
    assert!(colours > 50, "only {colours} colours: blank picture?");
    assert!(
        spread > 8.0,
        "brightness barely varies ({spread}): blank picture?"
    );
    // The finished game's high score was recorded atomically in the data directory.
    let scores = std::fs::read_to_string(dir.join("data/scores.ron")).expect("high scores saved");
    assert!(scores.contains("tiny|chained"), "{scores}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--monkey SEED`: random mouse and keyboard input through the window, egui and every game's
/// view and input plugins, on every screen in turn; the run ends with status 0 (no panic).
#[test]
fn a_monkey_in_the_real_window_visits_every_screen_and_exits_cleanly() {
    let Some(dir) = window_run_dir("monkey") else {
        return;
    };
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1024x768x24"])
        .arg(env!("CARGO_BIN_EXE_modern-gems"))
        .args(["--monkey", "11", "--monkey-frames", "480"])
        .env("MODERN_GEMS_DATA_DIR", dir.join("data"))
        .output()
        .expect("xvfb-run starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit status {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("monkey: "))
        .unwrap_or_else(|| panic!("no monkey report in\n{stdout}"));
    for screen in [
        "title",
        "modern-gems",
        "dots",
        "k-in-a-row",
        "solo-red",
        "grid-duel",
    ] {
        assert!(line.contains(screen), "{screen} not visited: {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! Every file the console is pointed at is read bounded in fact: a named pipe nobody writes
//! to, `/dev/zero` (endless, reported length 0) and a sparse 3 GB file are each refused at
//! once with a message naming the file, by every option that takes a file; and a line of
//! standard input over its limit is skipped with a notice, the session going on.

mod common;

use common::{run_cli, run_cli_in, temp_dir};

/// The odd files, made in a fresh folder: (folder, their paths).
#[cfg(unix)]
fn odd_files() -> (std::path::PathBuf, Vec<String>) {
    let dir = temp_dir("odd");
    let pipe = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let huge = dir.join("huge");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let paths = [pipe, "/dev/zero".into(), huge]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    (dir, paths)
}

#[cfg(unix)]
#[test]
fn a_pipe_a_device_and_a_3_gb_file_are_refused_by_every_file_option() {
    let (dir, files) = odd_files();
    for file in &files {
        for args in [
            vec!["k-in-a-row", "--solve", file.as_str()],
            vec!["grid-duel", "--score", file.as_str()],
            vec!["dots", "--board", file.as_str()],
            vec!["dots", "--analyse", file.as_str()],
        ] {
            let (_, err, code) = run_cli_in(&dir, &args, "");
            assert_ne!(code, 0, "{args:?} succeeded");
            assert!(err.contains(file.as_str()), "{args:?}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_line_over_the_limit_is_skipped_with_a_notice_and_the_console_goes_on() {
    let long = "x".repeat(200_000);
    let (out, err, code) = run_cli(&["solo-red", "--seed", "3"], &format!("{long}\nq\n"));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("longer than"), "{err}");
    assert!(out.ends_with("Game quit!\n"), "{out}");
}

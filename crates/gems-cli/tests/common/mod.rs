//! Helpers shared by the console integration tests: run the real `gems-cli` binary with piped
//! input and replay spec transcripts against it.

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `gems-cli ARGS` in `dir` with `input` on stdin; returns (stdout, stderr, exit code).
pub fn run_cli_in(dir: &Path, args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gems-cli"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gems-cli starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
    let out = child.wait_with_output().expect("gems-cli finishes");
    (
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs `gems-cli ARGS` in a fresh temporary directory.
pub fn run_cli(args: &[&str], input: &str) -> (String, String, i32) {
    let dir = temp_dir("run");
    let result = run_cli_in(&dir, args, input);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A fresh, empty temporary directory unique to this test process and `tag`.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gems-cli-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The words typed at each `>>> ` prompt of a transcript, in order.
pub fn inputs_of(transcript: &str) -> Vec<String> {
    transcript
        .lines()
        .filter_map(|l| l.find(">>> ").map(|i| l[i + 4..].to_string()))
        .collect()
}

/// Puts typed input back into the output after each `>>> `, as a terminal would show it.
pub fn with_echo(output: &str, inputs: &[String]) -> String {
    let mut s = String::with_capacity(output.len() + 64 * inputs.len());
    let mut rest = output;
    let mut typed = inputs.iter();
    while let Some(i) = rest.find(">>> ") {
        s.push_str(&rest[..i + 4]);
        if let Some(t) = typed.next() {
            s.push_str(t);
            s.push('\n');
        }
        rest = &rest[i + 4..];
    }
    s.push_str(rest);
    s
}

/// The text the console prints when input ends at the top menu.
pub const EOF_AT_MENU: &str = "----------------------\nWelcome to Modern Gems\n----------------------\n\
Select from:\n     new: Start a new game\n    load: Load an existing game\n    quit: Quit\n>>> Thanks for playing!\n";

/// Replays `transcript` through `gems-cli modern-gems` and asserts the output matches it byte for
/// byte. A transcript that stops after `Final Score` is followed by the program's clean exit at
/// end of input.
pub fn replay(transcript: &str) {
    let inputs = inputs_of(transcript);
    let mut input = inputs.join("\n");
    input.push('\n');
    let (out, err, code) = run_cli(&["modern-gems"], &input);
    assert_eq!(code, 0, "exit status; stderr: {err}");
    let shown = with_echo(&out, &inputs);
    let mut expected = transcript.to_string();
    if !expected.ends_with("Thanks for playing!\n") {
        expected.push('\n');
        expected.push_str(EOF_AT_MENU);
    }
    if shown != expected {
        let line = shown
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(shown.lines().count().min(expected.lines().count()));
        panic!(
            "transcript differs at line {}:\n  got:      {:?}\n  expected: {:?}\n--- full output ---\n{shown}",
            line + 1,
            shown.lines().nth(line),
            expected.lines().nth(line)
        );
    }
}

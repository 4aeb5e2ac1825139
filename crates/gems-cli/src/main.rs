//! `gems-cli`: the text front ends and benchmarks of the Modern Gems games.

mod modern_gems;

use std::io::{self, BufWriter};
use std::process::ExitCode;

const USAGE: &str = "usage: gems-cli <command> [options]

commands:
  modern-gems [--extended]   play Modern Gems at the console (the spec's text interface);
                             --extended also lists the boards, policies and players added
                             beyond the spec
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("modern-gems") => run_modern_gems(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing command\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gems-cli: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run_modern_gems(args: &[String]) -> Result<(), String> {
    let mut extended = false;
    for a in args {
        match a.as_str() {
            "--extended" => extended = true,
            other => return Err(format!("modern-gems: unknown option '{other}'")),
        }
    }
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    modern_gems::Console::new(stdin, stdout, extended)
        .run()
        .map_err(|e| e.to_string())
}

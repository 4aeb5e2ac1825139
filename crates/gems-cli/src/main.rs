//! `gems-cli`: the text front ends and benchmarks of the Modern Gems games.

mod bench;
mod console;
mod dots;
mod grid_duel;
mod k_in_a_row;
mod k_match;
mod modern_gems;
mod soak;
mod solo_red;

use std::io::{self, BufWriter};
use std::process::ExitCode;

const USAGE: &str = "usage: gems-cli <command> [options]

commands:
  modern-gems [--extended] [--expert-ms N]
                             play Modern Gems at the console (the spec's text interface);
                             --extended also lists the boards, policies and players added
                             beyond the spec; --expert-ms sets the Expert's time per move
                             (default 1000)
  bench playouts [--seconds S] [--boards FILE] [--policy P]
                             random playouts per second on one core (standard positions)
  bench samegame [--seconds-per-board S] [--boards FILE] [--player NAME] [--policy P]
                 [--nodes N] [--save-lines DIR]
                 [--tuning choices=N,playouts=N,lone=on|off,release=N,inherit=on|off,probes=on|off,beams=N,seed=N,probe_width=N,probe_share=N,
                          pairs=N,hold=on|off,probe_floor=N]
                             plays each position (default: Expert, Classic rules, 60 s)
                             and prints each score, the gems left and the total; --nodes
                             gives the Expert N nodes per board on one lane instead (the
                             same result under any load); --save-lines writes each board's
                             line as DIR/NAME.line (replay it with the game's --replay);
                             --tuning changes parts of the Expert's tuning for the
                             budget or switches them off (seed: another sample of the
                             same search; probe_share: percent of the budget;
                             probe_floor: percent of the most common colour's gems
                             below which a colour is not probed)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("modern-gems") => run_modern_gems(&args[1..]),
        Some("dots") => dots::run(&args[1..]),
        Some("k-in-a-row") => k_in_a_row::run(&args[1..]),
        Some("solo-red") => solo_red::run(&args[1..]),
        Some("grid-duel") => grid_duel::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("soak") => soak::run(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{}", usage());
            Ok(())
        }
        _ => Err(format!("unknown or missing command\n{}", usage())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gems-cli: {msg}");
            ExitCode::from(2)
        }
    }
}

/// The whole `--help` text: the common commands, then each game's own lines.
fn usage() -> String {
    format!(
        "{USAGE}{}{}{}{}{}",
        soak::USAGE,
        dots::USAGE,
        k_in_a_row::USAGE,
        solo_red::USAGE,
        grid_duel::USAGE
    )
}

fn run_modern_gems(args: &[String]) -> Result<(), String> {
    let mut extended = false;
    let mut computer = gems_rules::gems::Computer::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--extended" => extended = true,
            "--expert-ms" => {
                let v = it.next().ok_or("modern-gems: --expert-ms needs a number")?;
                let ms: u64 = v
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("modern-gems: bad --expert-ms '{v}'"))?;
                computer.expert.budget =
                    gems_rules::gems::Budget::Time(std::time::Duration::from_millis(ms));
            }
            other => return Err(format!("modern-gems: unknown option '{other}'")),
        }
    }
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    modern_gems::Console::new(stdin, stdout, extended)
        .with_computer(computer)
        .run()
        .map_err(|e| e.to_string())
}

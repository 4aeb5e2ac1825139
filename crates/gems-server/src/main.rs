//! `gems-server`: the daily challenge's leaderboards (see the library's reading guide).
//!
//! ```text
//! gems-server [--listen ADDR] [--database URL] [--web DIR]
//! ```

use std::process::ExitCode;

const USAGE: &str = "usage: gems-server [--listen ADDR] [--database URL] [--web DIR]
  --listen ADDR     the address to serve on (default 127.0.0.1:8080)
  --database URL    sqlite://PATH or postgres://USER@HOST/DB
                    (default: leaderboards.sqlite in the games' data directory)
  --web DIR         serve the web build in DIR at / (web/dist after web/build.sh)";

fn config(args: &[String]) -> Result<gems_server::Config, String> {
    let mut config = gems_server::Config::new();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--listen" => {
                let v = value()?;
                config.listen = v
                    .parse()
                    .map_err(|_| format!("'{v}' is not an address such as 127.0.0.1:8080"))?;
            }
            "--database" => {
                let v = value()?;
                if !(v.starts_with("sqlite:")
                    || v.starts_with("postgres://")
                    || v.starts_with("postgresql://"))
                {
                    return Err(format!("'{v}' is not a sqlite:// or postgres:// URL"));
                }
                config.database = v;
            }
            "--web" => config.web = Some(value()?.into()),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(config)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match config(&args) {
        Ok(c) => c,
        Err(why) => {
            if why.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("gems-server: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gems-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(gems_server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gems-server: {e}");
            ExitCode::FAILURE
        }
    }
}

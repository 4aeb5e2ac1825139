//! The `gems-cli` binary: everything is in the library (`src/lib.rs`).

fn main() -> std::process::ExitCode {
    gems_cli::main()
}

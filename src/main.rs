//! `tome`: the command-line face of Tome.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}

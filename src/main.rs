//! The `jetan` command: plays the game, or runs one of the rules tools.

mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    match cli.command {
        Some(command) => commands::run(command),
        None => {
            eprintln!("The 3D game is not built yet; the rules tools are. Run `jetan --help` for them.");
            ExitCode::FAILURE
        }
    }
}

//! `jetan-online`: the server, the bot and the leaderboard without the game (`jetan serve`
//! and `jetan online-bot` run the same functions).

use clap::{Parser, Subcommand};
use jetan_online::{bot, leaderboard, server};

/// Jetan over the network.
#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs a server that referees and stores games.
    Serve(server::ServeArgs),
    /// Plays a seat of a game on a server with the AI.
    OnlineBot(bot::BotArgs),
    /// Prints a variant's best rated players on a server.
    Leaderboard(leaderboard::LeaderboardArgs),
}

fn main() -> std::process::ExitCode {
    let result = match Cli::parse().command {
        Command::Serve(args) => server::serve(&args),
        Command::OnlineBot(args) => bot::run(&args),
        Command::Leaderboard(args) => leaderboard::run(&args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

//! How much games against a level vary: the openings of games of the level against itself, one
//! seed each, and how many differ (see `jetan_ai::variety`):
//! `cargo run --release -p jetan_ai --example variety -- [--variant FILE] [--level L]
//! [--games N] [--plies N] [--nodes N] [--seed S] [--option OPTION=CHOICE]…`
//! (default: level 5, 20 games, 6 plies, the level's own node budget, seed 0)

mod common;

use jetan_ai::Level;
use jetan_ai::variety::{distinct, openings};
use jetan_rules::say;

fn main() {
    common::run(|| {
        let args = common::Args::read(&["variant", "level", "games", "plies", "nodes", "seed"])?;
        let variant = args.variant()?;
        let level: Level = args.get("level", Some(Level::Search(5)))?;
        let games = args.get("games", Some(20))?;
        let plies = args.get("plies", Some(6))?;
        let openings = openings(&variant, level, games, plies, args.optional("nodes")?, args.get("seed", Some(0))?);
        for opening in &openings {
            say!("{}", opening.join(" "));
        }
        say!("level {level}: {} of {games} openings of {plies} plies are distinct", distinct(&openings));
        Ok(())
    });
}

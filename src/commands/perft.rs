//! `jetan perft`: move-tree counts by depth, and the speed.

use std::time::Instant;

use super::{GameArgs, say};

/// Prints `perft D: COUNT` for each depth, then nodes per second.
pub fn run(game: &GameArgs, depth: u32, divide: bool) -> Result<(), String> {
    let mut position = game.position()?;
    let started = Instant::now();
    if divide {
        let counts = jetan_rules::divide(&mut position, depth);
        super::print_lines(counts.into_iter().map(|(mv, nodes)| format!("{}: {nodes}", position.move_text(mv))))?;
    }
    let mut total = 0;
    for d in 1..=depth {
        let nodes = jetan_rules::perft(&mut position, d);
        total += nodes;
        say!("perft {d}: {nodes}");
    }
    let seconds = started.elapsed().as_secs_f64();
    say!("{:.0} nodes per second ({total} nodes in {seconds:.3} s)", total as f64 / seconds.max(1e-9));
    Ok(())
}

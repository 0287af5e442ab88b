//! `jetan bench`: times move generation (perft) over several runs and reports the median.

use std::time::Instant;

use super::{GameArgs, say};

/// Runs perft at `depth` `runs` times; prints each run, then the median time and speed.
pub fn run(game: &GameArgs, depth: u32, runs: usize) -> Result<(), String> {
    let mut position = game.position()?;
    let mut seconds = Vec::with_capacity(runs);
    let mut nodes = 0;
    for run in 1..=runs.max(1) {
        let started = Instant::now();
        nodes = jetan_rules::perft(&mut position, depth);
        let elapsed = started.elapsed().as_secs_f64();
        say!("run {run}: perft {depth} = {nodes} in {elapsed:.3} s");
        seconds.push(elapsed);
    }
    seconds.sort_by(f64::total_cmp);
    let median = seconds[seconds.len() / 2];
    say!("median: {median:.3} s, {:.0} nodes per second", nodes as f64 / median.max(1e-9));
    Ok(())
}

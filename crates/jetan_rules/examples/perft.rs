//! Perft timing: counts the move sequences of DEPTH plies from classic Jetan's start (or from a
//! position text, then after MOVES, in notation, comma-separated) and prints the count and the
//! time each run took; `--divide` prints instead, for each legal ply, the position text after it
//! and its count at DEPTH-1 (what `tools/compare_perft.py` compares with a reference):
//! `cargo run --release -p jetan_rules --example perft -- DEPTH [MOVES] [--runs N] [--variant FILE] [--option id=choice]... [--position TEXT] [--divide]`

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use jetan_rules::{Position, Variant, divide, perft, say};

fn main() {
    if let Err(message) = run() {
        jetan_rules::complain(message);
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let mut positional = Vec::new();
    let mut runs = 1;
    let mut options = Vec::new();
    let mut variant = None;
    let mut text = None;
    let mut divide_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => {
                runs = args.next().ok_or("--runs needs a value")?.parse().map_err(|e| format!("--runs: {e}"))?
            }
            "--option" => options.push(args.next().ok_or("--option needs a value")?),
            "--variant" => variant = Some(args.next().ok_or("--variant needs a file")?),
            "--position" => text = Some(args.next().ok_or("--position needs a position text")?),
            "--divide" => divide_only = true,
            _ => positional.push(arg),
        }
    }
    let depth: u32 = positional
        .first()
        .ok_or("usage: perft DEPTH [MOVES] [--runs N] [--variant FILE] [--option id=choice]")?
        .parse()
        .map_err(|e| format!("DEPTH: {e}"))?;
    let path =
        variant.unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/variants/jetan.ron").into());
    let variant = Variant::load_file(Path::new(&path)).map_err(|e| e.to_string())?;
    let variant = Arc::new(variant.with_choice_args(&options).map_err(|e| e.to_string())?);
    let mut position = match text {
        Some(text) => Position::from_text(variant, &text).map_err(|e| e.to_string())?,
        None => Position::start(variant),
    };
    position.play_turns(positional.get(1).map_or("", String::as_str)).map_err(|e| e.to_string())?;
    if divide_only {
        let mut lines: Vec<String> = divide(&mut position, depth)
            .into_iter()
            .map(|(mv, nodes)| {
                let mut after = position.clone();
                after.play(mv);
                format!("{}\t{nodes}", after.to_text())
            })
            .collect();
        lines.sort();
        say!("{}", lines.join("\n"));
        return Ok(());
    }
    let mut times = Vec::new();
    for run in 1..=runs {
        let start = Instant::now();
        let nodes = perft(&mut position, depth);
        let seconds = start.elapsed().as_secs_f64();
        say!("run {run}: perft({depth}) = {nodes} in {seconds:.3} s ({:.0} nodes/s)", nodes as f64 / seconds);
        times.push(seconds);
    }
    times.sort_by(f64::total_cmp);
    say!("median of {runs}: {:.3} s", times[times.len() / 2]);
    Ok(())
}

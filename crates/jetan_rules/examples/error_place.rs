//! Error place timing: loads classic Jetan's file with a board of 0 files (an error placed at
//! the `board:` key) after a comment line of BYTES bytes that repeats `board:`, and prints where
//! the error was placed and how long the load took:
//! `cargo run --release -p jetan_rules --example error_place -- [BYTES]`

use std::time::Instant;

use jetan_rules::{Variant, say};

fn main() {
    let bytes: usize = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(4 << 20);
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/variants/jetan.ron");
    let shipped = std::fs::read_to_string(file).expect("the shipped variant file");
    let broken = shipped.replacen("board: (files: 10,", "board: (files: 0,", 1);
    let mut comment = String::from("//");
    while comment.len() < bytes {
        comment.push_str(" board:");
    }
    let text = format!("{comment}\n{broken}");
    let started = Instant::now();
    let result = Variant::load(&text, "long-comment.ron");
    let took = started.elapsed();
    match result {
        Ok(_) => say(format!("loaded without an error in {took:.2?}")),
        Err(errors) => say(format!("{} bytes of comment: {errors} ({took:.2?})", comment.len())),
    }
}

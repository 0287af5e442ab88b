use std::path::Path;
use std::sync::Arc;
use jetan_rules::{Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = Variant::load_file(Path::new(&args[0])).unwrap();
    let opts: Vec<(String,String)> = args.get(2).map(|o| o.split(',').filter(|s|!s.is_empty()).map(|kv| { let (a,b)=kv.split_once('=').unwrap(); (a.to_string(), b.to_string())}).collect()).unwrap_or_default();
    let variant = Arc::new(variant.with_choices(&opts).unwrap());
    let mut position = Position::start(variant);
    if let Some(moves) = args.get(1) { for m in moves.split(',').filter(|s| !s.is_empty()) { let mv = position.parse_turn(m).unwrap(); for p in mv { position.play(p); } } }
    println!("{}", position.to_text());
    for mv in position.legal_moves() { println!("{}", position.move_text(mv)); }
}

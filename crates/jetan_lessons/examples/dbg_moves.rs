//! Scratch: lists the legal moves of a position text (a development aid).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = std::sync::Arc::new(jetan_rules::Variant::load_file(std::path::Path::new(&args[1])).unwrap());
    let choices: Vec<(String, String)> = args[3..].iter().map(|a| { let (o, c) = a.split_once('=').unwrap(); (o.into(), c.into()) }).collect();
    let variant = std::sync::Arc::new(variant.with_choices(&choices).unwrap());
    let position = jetan_rules::Position::from_text(variant, &args[2]).unwrap();
    for mv in position.legal_moves() {
        let lead = position.leader(mv).and_then(|s| position.piece_at(s.from)).map(|p| position.variant().kind(p.kind).id.clone());
        println!("{} {:?} {:?}", position.move_text(mv), mv.kind, lead);
    }
}

use std::path::Path;
use std::sync::Arc;
use jetan_rules::{MoveKind, Position, Variant};
fn main() {
    let variant = Variant::load_file(Path::new("assets/variants/jetan_sarang.ron")).unwrap();
    let variant = Arc::new(variant.with_choices(&[("charge","on"),("rapid_deployment","on")]).unwrap());
    let mut counts = std::collections::BTreeMap::new();
    let mut seed = 12345u64;
    for _game in 0..60 {
        let mut p = Position::start(variant.clone());
        for _ in 0..400 {
            let moves = p.legal_moves();
            if moves.is_empty() { break; }
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            *counts.entry(format!("{:?}", mv.kind)).or_insert(0) += 1;
            if mv.steps.len() > 1 && mv.kind == MoveKind::Normal { *counts.entry("group".to_string()).or_insert(0) += 1; }
            if !mv.removals.is_empty() { *counts.entry("sidekill".to_string()).or_insert(0) += 1; }
            if !mv.promotions.is_empty() { *counts.entry("promotion".to_string()).or_insert(0) += 1; }
            p.play(mv);
            if p.pieces().any(|(_, pc)| pc.side != pc.owner) { *counts.entry("turned-ply".to_string()).or_insert(0) += 1; }
        }
        *counts.entry(format!("end {:?}", p.outcome().map(|o| o.reason))).or_insert(0) += 1;
    }
    println!("{counts:#?}");
}

use jetan_rules::*;
use std::sync::Arc;
#[test]
fn smoke() {
    let text = std::fs::read_to_string("../../assets/variants/jetan.ron").unwrap();
    let v = match Variant::load(&text, "jetan.ron") {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    let mut p = Position::start(Arc::new(v));
    println!("{}", p.to_text());
    for d in 1..=3 {
        println!("perft {d}: {}", perft(&mut p, d));
    }
}

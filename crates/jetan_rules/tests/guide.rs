//! The rules guide in the variant files: each shipped variant explains its mechanics with
//! examples that play out as their words say, and a broken example is reported where it is.

mod common;

use jetan_rules::{Side, Variant};

#[test]
fn each_shipped_guide_plays_out_as_it_says() {
    let classic = common::jetan(&[]);
    let titles: Vec<&str> = classic.guide().iter().map(|section| section.title.as_str()).collect();
    assert_eq!(titles, ["Moving", "The Princess", "Winning"]);
    let winning = classic.guide()[2].example(&classic).unwrap();
    assert_eq!(winning.len(), 4, "the start, then three turns");
    let last = &winning.last().unwrap().position;
    assert_eq!(last.outcome().and_then(|outcome| outcome.winner), Some(Side::South));
    let princess = classic.guide()[1].example(&classic).unwrap();
    assert!(princess[1].position.escape_used(Side::South), "the Princess's example is her escape");

    let jeddara = common::jeddara(&[]);
    let airship = jeddara.guide().iter().find(|section| section.title == "Airships").unwrap();
    let steps = airship.example(&jeddara).unwrap();
    assert_eq!(steps[1].turn.as_deref(), Some("CC h5-h9; J g5-g9; C i6-i10; K h4-h8"));
    let i10 = jeddara.geometry().parse("i10").unwrap();
    assert_eq!(steps[1].position.piece_at(i10).map(|piece| piece.side), Some(Side::South), "the Panthan is taken");
    for variant in [common::sarang(&[]), jeddara] {
        assert!(variant.guide().len() >= 3);
        for section in variant.guide() {
            assert!(!section.text.is_empty());
            assert!(section.example(&variant).is_ok(), "{}", section.title);
        }
    }
}

#[test]
fn an_example_that_does_not_play_is_reported_at_its_moves() {
    let text = std::fs::read_to_string(common::variant_path("jetan.ron")).unwrap();
    let broken = text.replacen("moves: \"R e1-a5\"", "moves: \"R e1-d8\"", 1);
    let Err(errors) = Variant::load(&broken, "jetan.ron") else { panic!("the Princess never captures") };
    let errors = errors.to_string();
    let line = broken.lines().position(|line| line.contains("R e1-d8")).unwrap() + 1;
    assert!(errors.starts_with(&format!("jetan.ron:{line}:")), "{errors}");
    assert!(errors.contains("guide \"The Princess\": turn 1 `R e1-d8`"), "{errors}");
    let bad_position = text.replacen("4r4c/10/3d6", "4r4c/10/3x6", 1);
    let Err(errors) = Variant::load(&bad_position, "jetan.ron") else { panic!("no piece is x") };
    let errors = errors.to_string();
    assert!(errors.contains("guide \"The Princess\": the position"), "{errors}");
}

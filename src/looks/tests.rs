//! The shipped looks: every kind of every variant file has one that builds, stands in its
//! square, differs from every other, and flies with propellers where it should.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::*;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The variant files and the looks each names.
fn variants_and_looks() -> Vec<(PathBuf, jetan_rules::Variant, Vec<Looks>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(assets().join("variants")).expect("the variants folder") {
        let path = entry.expect("a file").path();
        let variant = jetan_rules::Variant::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let looks = variant
            .looks()
            .iter()
            .map(|look| {
                Looks::read_file(&assets().join(look), &format!("assets/{look}")).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        found.push((path, variant, looks));
    }
    found
}

/// The shipped looks of Barsoom.
fn barsoom() -> Looks {
    Looks::read_file(&assets().join(jetan_rules::DEFAULT_LOOKS[0]), "barsoom").unwrap_or_else(|e| panic!("{e}"))
}

fn parts_of(looks: &Looks, id: &str) -> Vec<Part> {
    looks.parts.get(id).unwrap_or_else(|| panic!("no look for {id}")).to_vec()
}

#[test]
fn every_kind_of_every_variant_file_has_a_look_that_builds() {
    for (path, variant, looks) in variants_and_looks() {
        for kind in variant.kinds() {
            let look = looks.iter().rev().find_map(|looks| looks.look(&kind.id));
            assert!(look.is_some(), "{}: no look for {}", path.display(), kind.id);
        }
    }
}

#[test]
fn airships_and_fliers_have_propellers_and_fly_and_men_none() {
    let looks = barsoom();
    for id in ["flier", "battleship", "cruiser", "scoutship", "odwar"] {
        assert!(parts_of(&looks, id).iter().any(|part| part.spin.is_some()), "{id} has no turning propeller");
    }
    for id in ["chief", "warrior", "thoat", "zitidar", "princess"] {
        assert!(parts_of(&looks, id).iter().all(|part| part.spin.is_none()), "{id} has a propeller");
    }
    assert!(Drawn::of("battleship", "B", 0, &[&looks]).flies);
    assert!(!Drawn::of("chief", "C", 0, &[&looks]).flies);
}

#[test]
fn every_model_stands_in_its_square() {
    let looks = barsoom();
    let mut wrong = Vec::new();
    for id in looks.ids() {
        let points: Vec<Vec3> = parts_of(&looks, id).iter().flat_map(Part::outline).collect();
        let reach = points.iter().map(|p| p.xz().length()).fold(0.0, f32::max);
        let height = points.iter().map(|p| p.y).fold(0.0, f32::max);
        let low = points.iter().map(|p| p.y).fold(f32::MAX, f32::min);
        if reach > 0.45 || !(0.5..=1.15).contains(&height) || low < -0.001 {
            wrong.push(format!("{id}: reach {reach:.3}, height {height:.3}, lowest {low:.3}"));
        }
    }
    assert!(wrong.is_empty(), "models outside their square (reach <= 0.45, height 0.5..=1.15):\n{}", wrong.join("\n"));
}

#[test]
fn looks_differ() {
    let looks = barsoom();
    let ids: Vec<&str> = looks.ids().collect();
    assert!(ids.len() >= 39, "{} looks", ids.len());
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            assert_ne!(parts_of(&looks, a), parts_of(&looks, b), "{a} and {b} look the same");
        }
    }
}

#[test]
fn a_kind_without_a_look_is_a_column_with_its_letter() {
    let looks = barsoom();
    let drawn = Drawn::of("zad", "Z", 3, &[&looks]);
    assert!(!drawn.parts.is_empty() && drawn.model.is_none() && !drawn.flies);
    assert_eq!(*drawn.parts, generic(3, "Z"));
    assert_ne!(generic(3, "Z"), generic(3, "Y"), "the letter shows");
    assert_ne!(generic(3, "Z"), generic(4, "Z"), "the rank shows");
}

#[test]
fn a_later_file_overrides_an_earlier_one() {
    let looks = barsoom();
    let text = r#"Looks(kinds: { "chief": (parts: [Pedestal, Figure(radius: 0.1, height: 0.3)]) })"#;
    let mine = Looks::read(text, "mine.look.ron").unwrap();
    assert_eq!(*Drawn::of("chief", "C", 0, &[&looks, &mine]).parts, parts_of(&mine, "chief"));
    assert_eq!(*Drawn::of("chief", "C", 0, &[&mine, &looks]).parts, parts_of(&looks, "chief"));
}

#[test]
fn errors_name_the_file_line_and_column() {
    let text = "Looks(\n  kinds: {\n    \"chief\": (parts: [Pedestal, Circlet]),\n    \"dwar\": (parts: [Feathers(count: 3)]),\n  },\n)";
    let error = Looks::read(text, "assets/looks/mine.look.ron").unwrap_err();
    let lines: Vec<&str> = error.lines().collect();
    assert_eq!(lines.len(), 2, "{error}");
    assert!(
        lines[0]
            .starts_with("assets/looks/mine.look.ron:3:5: look \"chief\": item 2 (Circlet): a circlet needs a body"),
        "{error}"
    );
    assert!(lines[1].starts_with("assets/looks/mine.look.ron:4:5: look \"dwar\": item 1 (Feathers)"), "{error}");
    let error = Looks::read("Looks(kinds: { \"chief\": (parts: [Hat]) })", "x.look.ron").unwrap_err();
    assert!(error.starts_with("x.look.ron:1:"), "{error}");
    assert!(error.contains("Hat"), "{error}");
    // Paths Bevy would read as a source or a label (its parser panics on `://x.glb`).
    for model in ["../x.glb", "://x.glb", "x#y.glb"] {
        let error = Looks::read(&format!(r#"Looks(kinds: {{ "c": (model: "{model}") }})"#), "x.look.ron").unwrap_err();
        assert!(error.contains("must be a .glb or .gltf file under assets/"), "{model}: {error}");
    }
    let error = Looks::read(r#"Looks(kinds: { "c": (icon: "://i.png") })"#, "x.look.ron").unwrap_err();
    assert!(error.contains("must be a .png file under assets/"), "{error}");
}

#[test]
fn a_hand_is_optional_without_some() {
    let sword = |arm: &str| {
        let text = format!(
            r#"Looks(kinds: {{ "t": (parts: [Pedestal, Figure(radius: 0.1, height: 0.3), Sword(hand: Shoulder(0.1, 0, 0), dir: (0, 1, 0), length: 0.2{arm})]) }})"#
        );
        let looks = Looks::read(&text, "t.look.ron").unwrap_or_else(|e| panic!("{arm}: {e}"));
        parts_of(&looks, "t").len()
    };
    // `arm: Right` reads as `arm: Some(Right)`: the sword is held by an arm drawn to it.
    assert_eq!(sword(", arm: Right"), sword(", arm: Some(Right)"));
    assert!(sword(", arm: Right") > sword(""), "the arm is drawn");
}

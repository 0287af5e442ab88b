//! The limits a variant file must keep (docs/variants.md, "Limits"): numbers in range, moves the
//! engine can hold, and a bound on the work a variant can cause. Each broken limit is reported
//! at its place, for the file as written and for each rule option's choice, and choices that
//! break a limit only together are refused when chosen.

mod common;

use jetan_rules::{ChoiceError, LoadErrors, Position, Variant, perft};

/// `name` from assets/variants with `from` replaced by `to` (its first occurrence).
fn edited(name: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(common::variant_path(name)).unwrap();
    assert!(text.contains(from), "`{from}` in {name}");
    text.replacen(from, to, 1)
}

/// The errors of an edited file, which must be refused.
fn refused(name: &str, from: &str, to: &str) -> LoadErrors {
    match Variant::load(&edited(name, from, to), name) {
        Ok(_) => panic!("{name} with `{to}` was accepted"),
        Err(errors) => errors,
    }
}

/// Asserts that some error is on the line holding `marker` in `text` and says `words`.
fn assert_at(text: &str, errors: &LoadErrors, marker: &str, words: &str) {
    let line = text[..text.find(marker).expect("marker")].matches('\n').count() + 1;
    assert!(
        errors.0.iter().any(|e| e.location.line == line && e.message.contains(words)),
        "expected line {line}: …{words}…, got:\n{errors}"
    );
}

const KARA: &str = "Strike(reach: 2, max: 2)";

#[test]
fn a_strike_kills_at_most_eight_and_chooses_among_few_sets() {
    let text = edited("jetan_jeddara.ron", KARA, "Strike(reach: 2, max: 9)");
    let errors = Variant::load(&text, "j").unwrap_err();
    assert_at(&text, &errors, "id: \"kara_vasa\"", "a strike kills 1 to 8 pieces, not 9");
    let errors = refused("jetan_jeddara.ron", KARA, "Strike(reach: 16, max: 8)");
    assert!(errors.to_string().contains("sets of victims, more than 100000"), "{errors}");
}

#[test]
fn walks_beyond_what_can_be_tabulated_are_refused() {
    let jump = "moves: [Path(steps: 3, dirs: Any)]";
    let errors = refused("jetan.ron", jump, "moves: [Path(steps: 12, dirs: Any, jump: true)]");
    assert!(errors.to_string().contains("walks from a square, more than the 10000000"), "{errors}");
    let text = edited("jetan.ron", jump, "moves: [Path(steps: 8, dirs: Any, jump: true)]");
    assert!(Variant::load(&text, "jetan.ron").is_ok(), "eight steps are still fine");
    let errors = refused("jetan.ron", jump, "moves: [Combo(orth: 250, diag: 10)]");
    assert!(errors.to_string().contains("a Combo takes at most 6 steps in all, not 260"), "{errors}");
}

#[test]
fn trains_attach_at_most_four_cars_a_move() {
    let errors = refused("jetan_jeddara.ron", "Hauls(cars: 8, attach: 4", "Hauls(cars: 8, attach: 8");
    assert!(errors.to_string().contains("a train attaches at most 4 cars a move, not 8"), "{errors}");
}

#[test]
fn side_kills_must_fit_in_a_move() {
    // Every Thoat a side-killer: squads of five of them could slay ten pieces at once.
    let thoat = "abilities: [Leader, Escort]),";
    let errors = refused("jetan_jeddara.ron", thoat, "abilities: [Leader, Escort, SideKill]),");
    assert!(errors.to_string().contains("at most 8"), "{errors}");
}

#[test]
fn a_move_limit_of_no_plies_is_refused_at_its_place() {
    // Found by the mutation proptest: `ply_limit: 0` loaded, and then its start was refused.
    let text = edited("jetan.ron", "ply_limit: None,", "ply_limit: 0,");
    let errors = Variant::load(&text, "jetan.ron").expect_err("ply_limit: 0");
    assert_at(&text, &errors, "ply_limit: 0", "ply_limit needs at least 1 ply");
    // One ply is a game (the guide's longer examples then end early, an error of their own).
    let one = Variant::load(&edited("jetan.ron", "ply_limit: None,", "ply_limit: 1,"), "j");
    assert!(one.as_ref().err().is_none_or(|e| !e.to_string().contains("ply_limit needs")), "{one:?}");
}

#[test]
fn a_choice_is_checked_as_the_variant_it_makes() {
    let option = r#"(id: "up_to", name: "one to three squares", set: [Walk(piece: "chief", exact: false)]),"#;
    let cases = [
        (r#"set: [Moves(piece: "chief", moves: [Path(steps: 16, dirs: Any, jump: true)])]"#, "walks from a square"),
        (r#"set: [Moves(piece: "chief", moves: [])]"#, "has no moves"),
        (r#"set: [SmallArmies(pieces: 0, plies: 0)]"#, "small_armies needs at least 1 piece and 1 ply"),
        (r#"set: [PlyLimit(0)]"#, "ply_limit needs at least 1 ply"),
    ];
    for (set, words) in cases {
        let changed = option.replace(r#"set: [Walk(piece: "chief", exact: false)]"#, set);
        let text = edited("jetan.ron", option, &changed);
        let errors = Variant::load(&text, "jetan.ron").expect_err(set);
        assert_at(&text, &errors, &changed, "choice `up_to`: ");
        assert!(errors.to_string().contains(words), "{errors}");
    }
}

#[test]
fn choices_that_break_a_limit_only_together_are_refused_when_chosen() {
    // A straight 16-step Path is fine, and so is the Warrior's wild 2-step walk; a wild 16-step
    // walk that doesn't jump is not.
    let options = r#"    options: ["#;
    let two = r#"    options: [
        (id: "long", name: "long", choices: [(id: "no", name: "no"), (id: "yes", name: "yes", set: [Moves(piece: "warrior", moves: [Path(steps: 16, dirs: Orth, mix: Straight)])])]),
        (id: "wild", name: "wild", choices: [(id: "no", name: "no"), (id: "yes", name: "yes", set: [Walk(piece: "warrior", mix: Wild)])]),"#;
    let variant = Variant::load(&edited("jetan.ron", options, two), "jetan.ron").unwrap_or_else(|e| panic!("{e}"));
    assert!(variant.with_choices(&[("long", "yes")]).is_ok());
    assert!(variant.with_choices(&[("wild", "yes")]).is_ok());
    match variant.with_choices(&[("long", "yes"), ("wild", "yes")]) {
        Err(ChoiceError::Limits(problems)) => assert!(problems.contains("does not jump"), "{problems}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_variant_that_validates_plays_perft_two_from_its_start() {
    // The largest walk allowed, on every piece of classic Jetan's Chief: perft(2) still runs.
    let jump = "moves: [Path(steps: 3, dirs: Any)]";
    let text = edited("jetan.ron", jump, "moves: [Path(steps: 8, dirs: Any, jump: true)]");
    let variant = std::sync::Arc::new(Variant::load(&text, "jetan.ron").unwrap());
    assert!(perft(&mut Position::start(variant), 2) > 0);
    // The longest walking escape (reach 16, exactly, any turns): its squares are tabulated
    // when the variant is built, which took minutes beyond a reach of 11 (a walk searched on
    // past its target, or around it once it was walled in, for ever).
    let escape = "Escape(reach: 10)]";
    let text = edited("jetan.ron", escape, "Escape(reach: 16, walk: Exact)]");
    let variant = std::sync::Arc::new(Variant::load(&text, "jetan.ron").unwrap());
    assert!(perft(&mut Position::start(variant), 2) > 0);
}

/// `text` with every piece's movements replaced by `moves`.
fn every_piece_moving(text: &str, moves: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("moves: [") {
        let list = &rest[at + "moves: [".len()..];
        let mut depth = 1;
        let end = list.find(|c| {
            depth += match c {
                '[' => 1,
                ']' => -1,
                _ => 0,
            };
            depth == 0
        });
        let end = end.expect("a closed list");
        out.push_str(&rest[..at]);
        out.push_str(&format!("moves: [{moves}]"));
        rest = &list[end + 1..];
    }
    out + rest
}

/// Issue 49: every piece of Jetan Jeddara walking six blocked steps validated, but generating
/// one position's moves took about 0.1 s, and perft(2) didn't end in two minutes.
#[test]
fn a_variant_too_slow_to_generate_is_refused_at_its_costliest_piece() {
    const LONG: &str = "Path(steps: 6, dirs: Any, exact: false)";
    for (name, costliest) in
        [("jetan_jeddara.ron", "zitidar"), ("jetan_sarang.ron", "panthan"), ("jetan.ron", "panthan")]
    {
        let text = every_piece_moving(&std::fs::read_to_string(common::variant_path(name)).unwrap(), LONG);
        let errors = Variant::load(&text, name).expect_err(name);
        assert_at(&text, &errors, &format!("id: \"{costliest}\""), "generating one position's moves could try up to");
    }
    // One piece walking so is still playable (classic perft(3) in 0.3 s rather than 3 ms).
    let text = edited("jetan.ron", "moves: [Path(steps: 3, dirs: Any)]", &format!("moves: [{LONG}]"));
    let variant = std::sync::Arc::new(Variant::load(&text, "jetan.ron").unwrap());
    assert_eq!(perft(&mut Position::start(variant), 2), 5774);
}

#[test]
fn only_regular_files_of_a_bounded_size_are_read() {
    let dir = std::env::temp_dir().join(format!("jetan-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let folder = Variant::load_file(&dir).unwrap_err();
    assert!(folder.to_string().contains("not a regular file"), "{folder}");
    let big = dir.join("big.ron");
    std::fs::write(&big, vec![b' '; (jetan_rules::MAX_VARIANT_BYTES + 1) as usize]).unwrap();
    let too_big = Variant::load_file(&big).unwrap_err();
    assert!(too_big.to_string().contains("larger than"), "{too_big}");
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            let error = Variant::load_file(&fifo).unwrap_err();
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

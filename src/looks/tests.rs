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
                Looks::read_file(&assets().join(look), &format!("assets/{look}"), &game_places())
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        found.push((path, variant, looks));
    }
    found
}

/// The shipped looks of Barsoom.
fn barsoom() -> Looks {
    Looks::read_file(&assets().join(jetan_rules::DEFAULT_LOOKS[0]), "barsoom", &game_places())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The game's own files, no mods.
fn game_places() -> crate::places::Places {
    crate::places::Places { assets: assets(), mods: None }
}

fn parts_of(looks: &Looks, id: &str) -> Vec<Part> {
    looks.figures.get(id).unwrap_or_else(|| panic!("no look for {id}")).0.to_vec()
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
    assert!(Drawn::of("battleship", "B", 0, &[&looks], false).flies);
    assert!(!Drawn::of("chief", "C", 0, &[&looks], false).flies);
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
    let drawn = Drawn::of("zad", "Z", 3, &[&looks], false);
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
    assert_eq!(*Drawn::of("chief", "C", 0, &[&looks, &mine], false).parts, parts_of(&mine, "chief"));
    assert_eq!(*Drawn::of("chief", "C", 0, &[&mine, &looks], false).parts, parts_of(&looks, "chief"));
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
fn parts_are_made_of_the_materials_their_items_or_paints_name() {
    let text = r#"Looks(
    materials: { Gem: "jewel", Colour(176, 82, 54): "skin" },
    kinds: { "man": (parts: [
        Limb(from: Foot(0, 0.1, 0), to: Foot(0, 0.3, 0), radius: 0.03, paint: Colour(176, 82, 54)),
        Legs(pairs: 2, front: -0.1, back: 0.1, x: 0.05, hip: 0.2, radius: 0.02, paint: Body, material: "leather"),
        Part(shape: Sphere(0.02), paint: Gem, at: Foot(0, 0.4, 0), material: "gold"),
        Part(shape: Sphere(0.02), paint: Gem, at: Foot(0, 0.5, 0)),
        Part(shape: Sphere(0.02), paint: Body, at: Foot(0, 0.6, 0)),
    ]) },
)"#;
    let looks = Looks::read_in(text, "m.look.ron", &game_places()).unwrap_or_else(|e| panic!("{e}"));
    let made_of: Vec<Option<&str>> = looks.figures["man"].0.iter().map(|part| part.material.as_deref()).collect();
    let skin = made_of.iter().take_while(|m| **m == Some("skin")).count();
    assert!(skin >= 1, "the limb is of its paint's material: {made_of:?}");
    let legs = made_of[skin..].iter().take_while(|m| **m == Some("leather")).count();
    assert!(legs >= 4, "every part of the legs is of the item's material: {made_of:?}");
    assert_eq!(&made_of[skin + legs..], [Some("gold"), Some("jewel"), None], "the item's own wins over its paint's");
}

#[test]
fn a_material_that_isnt_there_is_refused_at_its_place_and_a_mods_is_found() {
    let text = "Looks(\n  kinds: { \"man\": (parts: [\n    Part(shape: Sphere(0.1), paint: Body, material: \"bronze\"),\n  ]) },\n)";
    let error = Looks::read_in(text, "m.look.ron", &game_places()).unwrap_err();
    assert!(error.starts_with("m.look.ron:3:"), "{error}");
    assert!(error.contains("no material \"bronze\"") && error.contains("skin"), "{error}");
    // A mod's folder of that name makes it one.
    let mods = std::env::temp_dir().join(format!("jetan-material-mod-{}", std::process::id()));
    std::fs::create_dir_all(mods.join("materials/bronze")).unwrap();
    std::fs::write(mods.join("materials/bronze/albedo.png"), b"").unwrap();
    let places = crate::places::Places { mods: Some(mods.clone()), ..game_places() };
    assert!(Looks::read_in(text, "m.look.ron", &places).is_ok());
    std::fs::remove_dir_all(&mods).ok();
    // A paint's material no part wears is checked too.
    let unworn = "Looks(\n  materials: { Ivory: \"bone\" },\n  kinds: {},\n)";
    let error = Looks::read_in(unworn, "m.look.ron", &game_places()).unwrap_err();
    assert!(error.starts_with("m.look.ron:2:") && error.contains("no material \"bone\""), "{error}");
    // A name that is no folder's is refused as it is read.
    let bad = "Looks(\n  materials: { Gem: \"../x\" },\n  kinds: {},\n)";
    let error = Looks::read(bad, "m.look.ron").unwrap_err();
    assert!(error.starts_with("m.look.ron:2:") && error.contains("small letters"), "{error}");
    let bad = r#"Looks(kinds: { "m": (parts: [Part(shape: Sphere(0.1), paint: Body, material: "Gold")]) })"#;
    let error = Looks::read(bad, "m.look.ron").unwrap_err();
    assert!(error.contains("item 1 (Part)") && error.contains("small letters"), "{error}");
}

/// A look file whose shared groups each use the one below `uses` times, `levels` deep, the
/// lowest empty (so no count of parts stops it), and one kind built of the top group and a part.
fn nested_uses(levels: usize, uses: usize) -> String {
    let mut shared = String::from("\"g0\": [],");
    for level in 1..=levels {
        let items = vec![format!("Use(\"g{}\")", level - 1); uses].join(", ");
        shared.push_str(&format!("\n\"g{level}\": [{items}],"));
    }
    let part = "Part(shape: Sphere(0.1), paint: Body, at: Foot(0, 0.1, 0))";
    format!("Looks(shared: {{{shared}}}, kinds: {{ \"chief\": (parts: [{part}, Use(\"g{levels}\")]) }})")
}

#[test]
fn shared_groups_that_use_shared_groups_are_counted_not_built_without_end() {
    // 7 levels of 30 uses: 22 billion items asked for by a 2.7 KB file.
    let error = Looks::read(&nested_uses(7, 30), "deep.look.ron").unwrap_err();
    assert!(error.starts_with("deep.look.ron:") && error.contains("look \"chief\""), "{error}");
    assert!(error.contains(&format!("the look builds more than {} items", build::MAX_ITEMS_BUILT)), "{error}");
    // What a look really does, a few levels of a few uses, builds.
    assert!(Looks::read(&nested_uses(3, 3), "few.look.ron").is_ok());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Any depth and fan-out of shared groups: built when the items it asks for are few enough,
    /// else refused with the count, and either way at once.
    #[test]
    fn any_nesting_of_shared_groups_is_built_or_refused_by_its_count(levels in 1usize..8, uses in 1usize..40) {
        let asked = (1..=levels).map(|level| uses.pow(level as u32)).sum::<usize>() + 2;
        match Looks::read(&nested_uses(levels, uses), "n.look.ron") {
            Ok(_) => proptest::prop_assert!(asked <= build::MAX_ITEMS_BUILT, "{asked} items built"),
            Err(error) => {
                proptest::prop_assert!(asked > build::MAX_ITEMS_BUILT, "{asked}: {error}");
                proptest::prop_assert!(error.contains("the look builds more than"), "{error}");
            }
        }
    }
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

/// A walking man: hips and knees, legs put on them (the right one the left's mirror image), a
/// walk that swings them half a cycle apart, and a fall.
const WALKER: &str = r#"Looks(kinds: { "man": (
    joints: {
        "left_hip": (at: Foot(-0.05, 0.3, 0)),
        "right_hip": (at: Foot(0.05, 0.3, 0)),
        "left_knee": (at: Foot(-0.05, 0.15, 0), on: "left_hip"),
        "right_knee": (at: Foot(0.05, 0.15, 0), on: "right_hip"),
        "waist": (at: Foot(0, 0.3, 0)),
    },
    parts: [
        Joint(name: "waist", parts: [Part(shape: Capsule(0.06, 0.2), paint: Body, at: Foot(0, 0.45, 0))]),
        Mirrored([Joint(name: "left_hip", parts: [
            Part(shape: Capsule(0.03, 0.1), paint: Body, at: Foot(-0.05, 0.23, 0)),
            Joint(name: "left_knee", parts: [Part(shape: Capsule(0.03, 0.1), paint: Body, at: Foot(-0.05, 0.08, 0))]),
        ])]),
    ],
    motions: {
        "walk": Cycle(seconds: 0.8, swings: {
            "left_hip": (axis: X, from: -25, to: 25),
            "right_hip": (axis: X, from: -25, to: 25, phase: 0.5),
        }),
        "fall": Keys(seconds: 1.0, keys: [(at: 0, turns: {}), (at: 1, turns: { "waist": X(-90) })]),
    },
) })"#;

#[test]
fn a_figure_moves_by_its_joints_and_motions() {
    let looks = Looks::read(WALKER, "man.look.ron").unwrap_or_else(|e| panic!("{e}"));
    let (parts, skeleton) = looks.figures.get("man").unwrap();
    let names: Vec<&str> = skeleton.joints.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["left_hip", "left_knee", "right_hip", "right_knee", "waist"]);
    // Each part turns about its joint; the mirrored leg about the right hip and knee.
    let on = |joint: &str| parts.iter().filter(|p| p.joint == names.iter().position(|n| *n == joint)).count();
    assert_eq!([on("waist"), on("left_hip"), on("left_knee"), on("right_hip"), on("right_knee")], [1, 1, 1, 1, 1]);
    assert_eq!(skeleton.joints[1].on, Some(0), "the knee hangs from its hip");
    assert!((skeleton.joints[3].pivot - Vec3::new(0.05, 0.15, 0.0)).length() < 1e-5);
    // The walk swings the legs half a cycle apart; a quarter of the way round they are level.
    let start = skeleton.pose(MotionName::Walk, 0.0);
    let (left, right) = (start[0].to_axis_angle(), start[2].to_axis_angle());
    assert!((left.1 - 25f32.to_radians()).abs() < 1e-4 && (right.1 - 25f32.to_radians()).abs() < 1e-4);
    assert!(left.0.x * right.0.x < 0.0, "forward and back: {left:?} {right:?}");
    let later = skeleton.pose(MotionName::Walk, 0.2);
    assert!(later[0].angle_between(later[2]) < 1e-3, "level a quarter round");
    assert_eq!(skeleton.pose(MotionName::Walk, 0.8 + 0.1), skeleton.pose(MotionName::Walk, 0.1), "a cycle repeats");
    // Keys blend, and hold their last turn.
    let half = skeleton.pose(MotionName::Fall, 0.5)[4].to_axis_angle().1;
    assert!((half - 45f32.to_radians()).abs() < 1e-3, "{half}");
    assert_eq!(skeleton.pose(MotionName::Fall, 5.0), skeleton.pose(MotionName::Fall, 1.0));
    assert!(
        skeleton.pose(MotionName::Cheer, 0.3).iter().all(|turn| *turn == Quat::IDENTITY),
        "at rest without the motion"
    );
    assert_eq!(skeleton.seconds(MotionName::Walk), Some(0.8));
}

#[test]
fn a_joint_or_motion_that_names_nothing_is_an_error_at_its_look() {
    let broken = |from: &str, to: &str| {
        let text = WALKER.replacen(from, to, 1);
        assert_ne!(text, WALKER, "{from}");
        Looks::read(&text, "man.look.ron").unwrap_err()
    };
    let error = broken(
        "\"waist\": (at: Foot(0, 0.3, 0)),",
        "\"waist\": (at: Foot(0, 0.3, 0)), \"neck\": (at: Foot(0, 0.6, 0)),",
    );
    assert!(error.starts_with("man.look.ron:1:16: look \"man\": joint \"neck\" holds no part"), "{error}");
    let error = broken("Joint(name: \"waist\"", "Joint(name: \"belly\"");
    assert!(error.contains("no joint \"belly\""), "{error}");
    let error = broken("on: \"left_hip\"", "on: \"left_hop\"");
    assert!(error.contains("joint \"left_knee\" is on: no joint \"left_hop\""), "{error}");
    let error = broken("\"waist\": (at: Foot(0, 0.3, 0))", "\"waist\": (at: Foot(0, 0.3, 0), on: \"waist\")");
    assert!(error.contains("hangs from itself"), "{error}");
    let error = broken("\"right_hip\": (axis", "\"right_hop\": (axis");
    assert!(error.contains("motion \"walk\": swings: no joint \"right_hop\""), "{error}");
    let error = broken("\"fall\": Keys", "\"dance\": Keys");
    assert!(error.contains("motion \"dance\": the game plays idle, walk"), "{error}");
    let error = broken("(at: 1, turns", "(at: 1.5, turns");
    assert!(error.contains("key 2: `at` is 1.5, not from 0 to 1"), "{error}");
    let error = broken("seconds: 0.8", "seconds: 0");
    assert!(error.contains("`seconds` is 0"), "{error}");
    let error = broken("\"right_hip\": (at: Foot(0.05, 0.3, 0)),", "");
    assert!(error.contains("joint \"left_hip\" has no \"right_hip\" to mirror to"), "{error}");
}

#[test]
fn a_group_places_the_pivots_of_the_joints_it_puts_parts_on() {
    // The walker, half size, riding a box: his joints' pivots are where his parts are.
    let text = WALKER.replacen(
        "parts: [\n        Joint",
        "parts: [\n        Part(shape: Cuboid(0.4, 0.2, 0.4), paint: Trim, at: Foot(0, 0.1, 0)),\n        Group(at: Foot(0, 0.2, 0), scale: 0.5, parts: [Joint",
        1,
    ).replacen("])]),\n    ],", "])]),\n    ])],", 1);
    let looks = Looks::read(&text, "rider.look.ron").unwrap_or_else(|e| panic!("{e}"));
    let (_, skeleton) = looks.figures.get("man").unwrap();
    let knee = skeleton.joints.iter().find(|joint| joint.name == "right_knee").unwrap();
    assert!((knee.pivot - Vec3::new(0.025, 0.275, 0.0)).length() < 1e-5, "{:?}", knee.pivot);
}

#[test]
fn a_body_of_a_smaller_scale_wears_a_statuettes_things_smaller() {
    let built = |scale: &str| {
        let text = format!(
            r#"Looks(kinds: {{ "jed": (parts: [
                Stance(shoulder: 0.5, width: 0.1, neck: 0.55, head: 0.6, head_radius: 0.06, top: 0.66{scale}),
                Crown(points: 5, height: 0.11, flare: 0.2),
                Part(shape: Sphere(0.04), paint: Gem, at: Top(0, 0.02, 0)),
                Part(shape: Sphere(0.04), paint: Gem, at: Foot(0, 0.2, 0)),
            ]) }})"#
        );
        let looks = Looks::read(&text, "jed.look.ron").unwrap_or_else(|e| panic!("{e}"));
        parts_of(&looks, "jed")
    };
    let (full, half) = (built(""), built(", scale: 0.5"));
    assert_eq!(full.len(), half.len());
    let worn = full.len() - 1;
    // The crown sits on the same head (its ring seated by the head's radius), half as big; the
    // gem placed from the top of the head half as far above it; the part placed from the foot
    // as it was.
    assert_eq!(full[0].at, half[0].at, "the ring round the head");
    for (full, half) in full.iter().zip(&half).take(worn) {
        assert!((half.scale - full.scale * 0.5).length() < 1e-5, "{:?} {:?}", full.shape, half.scale);
    }
    assert!((full[worn - 1].at.y - 0.68).abs() < 1e-5 && (half[worn - 1].at.y - 0.67).abs() < 1e-5);
    assert_eq!(full.last(), half.last());
}

/// The names of a binary glTF file's animations.
fn glb_animations(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let length = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let json: serde_json::Value = serde_json::from_slice(&bytes[20..20 + length]).expect("the JSON chunk");
    let animations = json["animations"].as_array().cloned().unwrap_or_default();
    animations.iter().filter_map(|animation| Some(animation["name"].as_str()?.to_string())).collect()
}

#[test]
fn every_kind_of_every_variant_file_has_a_living_figure_that_moves() {
    for (path, variant, looks) in variants_and_looks() {
        let files: Vec<&Looks> = looks.iter().collect();
        for kind in variant.kinds() {
            let id = &kind.id;
            let living = Drawn::of(id, "X", 0, &files, true);
            let statuette = Drawn::of(id, "X", 0, &files, false);
            let skeleton = &living.skeleton;
            let at = format!("{}: {id}", path.display());
            assert!(living.living, "{at} has a living look");
            if let Some(model) = &living.model {
                // A glTF model moves by its own animations, named as the motions.
                let names = glb_animations(&assets().join(&model.path));
                for motion in ["idle", "walk", "flap", "strike", "parry", "fall"] {
                    assert!(names.iter().any(|name| name == motion), "{at}: the model has no `{motion}`: {names:?}");
                }
                continue;
            }
            assert!(
                skeleton.moves(MotionName::Idle)
                    && skeleton.moves(MotionName::Strike)
                    && skeleton.moves(MotionName::Fall),
                "{at}: idles, strikes, falls"
            );
            assert!(skeleton.pace().is_some() || living.flies, "{at} runs, gallops, walks or flies");
            assert!(living.parts.iter().any(|part| part.joint.is_some()), "{at}: its parts hang from its joints");
            assert!(statuette.skeleton.joints.is_empty() && *statuette.parts != *living.parts, "{at}");
            assert_eq!(living.flies, statuette.flies, "{at} flies as its statuette does");
        }
    }
    let looks = barsoom();
    assert!(Drawn::of("thoat", "T", 0, &[&looks], true).skeleton.moves(MotionName::Gallop), "the thoat gallops");
    // A kind the living section leaves out keeps its statuette.
    let text = r#"Looks(kinds: { "x": (parts: [Pedestal, Figure(radius: 0.1, height: 0.3)]) })"#;
    let modded = Looks::read(text, "x.look.ron").unwrap();
    assert_eq!(*Drawn::of("x", "X", 0, &[&looks, &modded], true).parts, parts_of(&modded, "x"));
    // A rig the file doesn't have is named.
    let error =
        Looks::read(r#"Looks(kinds: {}, living: { "x": (rig: "ghost", parts: []) })"#, "x.look.ron").unwrap_err();
    assert!(error.starts_with("x.look.ron:1:") && error.contains("no rig \"ghost\""), "{error}");
}

/// Where a point of a figure's part on `joint` (at rest at `point`) is with its joints turned by
/// `turns`: turned about its joint's pivot, then about each joint that one hangs from.
fn posed(skeleton: &Skeleton, joint: Option<usize>, point: Vec3, turns: &[Quat]) -> Vec3 {
    let (mut at, mut joint) = (point, joint);
    while let Some(j) = joint {
        let pivot = skeleton.joints[j].pivot;
        at = pivot + turns[j] * (at - pivot);
        joint = skeleton.joints[j].on;
    }
    at
}

/// Every living figure of the shipped looks, by its kind's id.
fn living_figures() -> Vec<(String, Drawn)> {
    let looks = barsoom();
    let ids: Vec<String> = looks.file.living.keys().cloned().collect();
    ids.into_iter().map(|id| (id.clone(), Drawn::of(&id, "X", 0, &[&looks], true))).collect()
}

#[test]
fn a_figure_sets_off_from_rest_and_comes_to_rest_and_strikes_from_rest_to_rest() {
    let at_rest = |turns: Vec<Quat>| turns.iter().all(|turn| turn.angle_between(Quat::IDENTITY) < 1e-4);
    for (id, figure) in living_figures() {
        let skeleton = &figure.skeleton;
        if let Some(pace) = skeleton.pace() {
            assert!(at_rest(skeleton.pace_pose(pace, 0.0, 3.0)), "{id} sets off from rest");
            assert!(at_rest(skeleton.pace_pose(pace, 3.0, 3.0)), "{id} comes to rest");
            assert!(!at_rest(skeleton.pace_pose(pace, 1.3, 3.0)), "{id} moves on the way");
        }
        let strike = skeleton.seconds(MotionName::Strike).expect("every figure strikes");
        assert!(
            at_rest(skeleton.pose(MotionName::Strike, 0.0)) && at_rest(skeleton.pose(MotionName::Strike, strike)),
            "{id} strikes"
        );
        assert!(at_rest(skeleton.pose(MotionName::Parry, 0.0)), "{id} parries from rest");
    }
}

#[test]
fn a_figures_feet_stay_on_or_above_the_field_through_its_pace() {
    let mut below = Vec::new();
    for (id, figure) in living_figures() {
        let skeleton = &figure.skeleton;
        let Some(pace) = skeleton.pace() else { continue };
        let mut lowest = f32::MAX;
        for step in 0..=120 {
            let turns = skeleton.pace_pose(pace, step as f32 * 0.025, 3.0);
            for part in figure.parts.iter().filter(|part| part.joint.is_some()) {
                for point in part.outline() {
                    lowest = lowest.min(posed(skeleton, part.joint, point, &turns).y);
                }
            }
        }
        if lowest < -0.01 {
            below.push(format!("{id} {lowest:.3}"));
        }
    }
    assert!(below.is_empty(), "feet below the field as they move: {below:?}");
}

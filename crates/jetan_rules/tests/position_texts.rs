//! Position texts from outside (RULES.md's positions typed by players, tools and records): each
//! invariant the engine relies on is checked where a text is read, with a message saying what
//! is wrong; and a property test over random texts and random mutations of real ones shows that
//! reading never panics and that whatever is accepted plays random games to the end.
//!
//! Each property runs `PROPTEST_CASES` cases (800 by default, 2,400 in all);
//! `PROPTEST_CASES=40000 cargo test --release -p jetan_rules --test position_texts` is the long
//! run (120,000 cases).

mod common;

use std::sync::{Arc, LazyLock};

use common::borders::check_position_text;
use jetan_rules::{Phase, Position, Side, Square, Variant};
use proptest::prelude::*;

fn read(variant: &Arc<Variant>, text: &str) -> Result<Position, String> {
    Position::from_text(variant.clone(), text).map_err(|e| e.to_string())
}

/// The error reading `text` of Jetan Jeddara gives (the test fails if it is accepted).
fn jeddara_error(text: &str) -> String {
    match read(&common::jeddara(&[]), text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(error) => error,
    }
}

/// A Jeddara position with a Zitidar on e5 and a South Panthan on f5, and `rank4` as rank 4.
fn zitidar(rank4: &str) -> String {
    format!("15b/16/16/16/16/16/16/4[ZC]M10/{rank4}/16/16/15B s - - 0")
}

#[test]
fn a_train_is_checked_car_by_car() {
    assert!(read(&common::jeddara(&[]), &format!("{} trains:e5=f5", zitidar("16"))).is_ok());
    let empty = jeddara_error(&format!("{} trains:e5=d5", zitidar("16")));
    assert!(empty.contains("the car square d5 is empty"), "{empty}");
    let enemy = jeddara_error(&format!("{} trains:e5=d4", zitidar("3m12")));
    assert!(enemy.contains("not a piece of the hauler's side"), "{enemy}");
    let jeddara = jeddara_error("15b/16/16/16/16/16/16/4[ZC]B10/16/16/16/16 s - - 0 trains:e5=f5");
    assert!(jeddara.contains("a Jeddara is never a car"), "{jeddara}");
    let apart = jeddara_error(&format!("{} trains:e5=f5,h5", zitidar("16")).replace("4[ZC]M10", "4[ZC]M1M8"));
    assert!(apart.contains("h5 is not next to the one ahead"), "{apart}");
    let twice = jeddara_error(&format!("{} trains:e5=f5;e5=d4", zitidar("3M12")));
    assert!(twice.contains("in two trains"), "{twice}");
    let no_hauler = jeddara_error(&format!("{} trains:f5=e5", zitidar("16")));
    assert!(no_hauler.contains("f5 holds no piece that hauls"), "{no_hauler}");
}

#[test]
fn a_charge_is_read_only_where_the_rules_allow_one_and_as_a_charge_leaves_it() {
    let sarang_start = Position::start(common::sarang(&[])).to_text();
    let off = read(&common::sarang(&[]), &format!("{sarang_start} charge:-:-:0")).unwrap_err();
    assert!(off.contains("the Charge is not allowed"), "{off}");
    assert!(read(&common::sarang(&["charge=on"]), &format!("{sarang_start} charge:-:-:0")).is_ok());
    let start = Position::start(common::jeddara(&[])).to_text();
    let files = jeddara_error(&format!("{start} charge:ab:a3:1"));
    assert!(files.contains("1 sub-moves played but 2 files used"), "{files}");
    let enemy = jeddara_error(&format!("{start} charge:a:a10:1"));
    assert!(enemy.contains("a10 holds no piece of Red"), "{enemy}");
    let both = jeddara_error(&format!("{start} charge:-:-:0 banth"));
    assert!(both.contains("not both"), "{both}");
}

#[test]
fn a_banth_step_is_read_only_when_one_is_due() {
    let start = Position::start(common::jeddara(&[])).to_text();
    let error = jeddara_error(&format!("{start} banth"));
    assert!(error.contains("no banth step is due"), "{error}");
    let due = "15b/16/16/16/16/3[bb]12/3M12/16/16/16/16/15B s - - 3 banth";
    assert_eq!(read(&common::jeddara(&[]), due).map(|p| p.phase()), Ok(Phase::BanthStep));
}

#[test]
fn pieces_allegiances_and_results_are_checked() {
    let extra = jeddara_error("14bb/16/16/16/16/16/16/16/16/16/16/15B s - - 0");
    assert!(extra.contains("2 of Blue's Jeddara on the board, more than the 1 of the setup"), "{extra}");
    let turned = jeddara_error("15b/16/16/16/16/16/16/16/16/16/16/M14B s - - 0 turned:a1");
    assert!(turned.contains("the Panthan on a1 never serves the other side"), "{turned}");
    let lost = jeddara_error("16/16/16/16/16/16/16/16/16/16/16/15B n - - 0");
    assert!(lost.contains("Blue's Jeddara is not on the board: the game is over"), "{lost}");
    let crossed = jeddara_error("15B/16/16/16/16/16/16/16/16/16/16/14b1 s - - 0");
    assert!(crossed.contains("Red's Jeddara stands on the far rank"), "{crossed}");
    let over = read(&common::jeddara(&[]), "16/16/16/16/16/16/16/16/16/16/16/15B n - - 0 S#0");
    assert!(over.is_ok_and(|p| p.legal_moves().is_empty()));
    let ending = jeddara_error("16/16/16/16/16/16/16/16/16/16/16/15B n - - 0 S#7");
    assert!(ending.contains("the variant has 2 endings"), "{ending}");
    let label = jeddara_error("15b/16/16/16/16/3[BB]12/16/16/16/16/16/15B s - - 0");
    assert!(label.contains("no piece is labelled `BB`"), "{label}");
    let twice = jeddara_error("15b/16/16/16/16/16/16/16/16/16/16/15B s - - 0 banth banth");
    assert!(twice.contains("`banth` is given twice"), "{twice}");
}

/// Real position texts: from random games of every variant, with their Charges, banth steps,
/// trains, promotions and allegiances.
static REAL: LazyLock<Vec<(Arc<Variant>, String)>> = LazyLock::new(|| {
    let variants = [
        common::jetan(&[]),
        common::jetan(&["warrior=up_to"]),
        common::sarang(&["charge=on", "rapid_deployment=on"]),
        common::jeddara(&[]),
        common::jeddara(&["rapid_deployment=on"]),
    ];
    let mut texts = Vec::new();
    for (index, variant) in variants.iter().enumerate() {
        let start = Position::start(variant.clone());
        for seed in 0..3 {
            for (position, _) in common::random_game(&start, seed * 7 + index as u64, 120).iter().step_by(3) {
                texts.push((variant.clone(), position.to_text()));
            }
        }
    }
    texts
});

/// Characters that position texts are made of, to mutate them with.
const ALPHABET: &[u8] = b"0123456789/[]abcdehlmnpqrstuwxyzABCDHKMPRSTWZ:,;=-#_ ";

/// The fields a mutation may add, with square names filled in.
fn field(pick: u64, square: impl Fn(u64) -> String) -> String {
    match pick % 9 {
        0 => format!("trains:{}={},{}", square(pick >> 4), square(pick >> 12), square(pick >> 20)),
        1 => format!("charge:{}:{}:{}", ["-", "a", "ab", "p"][(pick >> 4) as usize % 4], square(pick >> 8), pick % 3),
        2 => "banth".into(),
        3 => format!("homes:{}={}", square(pick >> 4), square(pick >> 12)),
        4 => format!("turned:{}", square(pick >> 4)),
        5 => ["S#0", "N#1", "=#stuck", "N#own0", "S#9", "X#0"][(pick >> 4) as usize % 6].into(),
        6 => "charge:-:-:0".into(),
        7 => format!("trains:{}={}", square(pick >> 4), square(pick >> 12)),
        _ => "turned:-".into(),
    }
}

/// `text` with one mutation, chosen by `pick`.
fn mutate(text: &str, pick: u64, files: u8, ranks: u8) -> String {
    let square = |n: u64| {
        format!("{}{}", (b'a' + (n % u64::from(files + 1)) as u8) as char, 1 + (n >> 5) % u64::from(ranks + 1))
    };
    let mut bytes = text.as_bytes().to_vec();
    let at = (pick >> 8) as usize % bytes.len().max(1);
    let c = ALPHABET[(pick >> 24) as usize % ALPHABET.len()];
    match pick % 6 {
        0 if !bytes.is_empty() => bytes[at] = c,
        1 if !bytes.is_empty() => {
            bytes.remove(at);
        }
        2 => bytes.insert(at, c),
        3 => {
            let fields: Vec<&str> = text.split(' ').collect();
            let drop = (pick >> 8) as usize % fields.len();
            let kept: Vec<&str> = fields.iter().enumerate().filter(|&(i, _)| i != drop).map(|(_, f)| *f).collect();
            return kept.join(" ");
        }
        _ => return format!("{text} {}", field(pick >> 3, square)),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// [`ProptestConfig`] with `PROPTEST_CASES` cases, 800 if it isn't set.
fn config() -> ProptestConfig {
    ProptestConfig { cases: common::cases(800), ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mutated_real_texts_never_panic_and_play_on_when_accepted(
        index in any::<prop::sample::Index>(),
        picks in prop::collection::vec(any::<u64>(), 1..4),
    ) {
        let (variant, text) = &REAL[index.index(REAL.len())];
        let geometry = variant.geometry();
        let mut mutated = text.clone();
        for &pick in &picks {
            mutated = mutate(&mutated, pick, geometry.files, geometry.ranks);
        }
        check_position_text(variant, &mutated, picks[0]);
    }

    #[test]
    fn scattered_armies_never_panic_and_play_on_when_accepted(
        variant in 0..3usize,
        kept in prop::collection::vec((any::<bool>(), any::<u16>()), 0..120),
        north in any::<bool>(),
        extra in prop::option::of(any::<u64>()),
        seed in any::<u64>(),
    ) {
        // Some of the setup's pieces, each on a random square (the first to claim it).
        let variant = common::border_variants()[variant].clone();
        let geometry = variant.geometry();
        let mut taken = vec![false; geometry.len()];
        let pieces: Vec<_> = variant
            .setup()
            .iter()
            .zip(&kept)
            .filter(|(_, (keep, _))| *keep)
            .filter_map(|(&(_, piece), &(_, at))| {
                let square = Square(u8::try_from(usize::from(at) % geometry.len()).ok()?);
                (!std::mem::replace(&mut taken[square.index()], true)).then_some((square, piece))
            })
            .collect();
        let side = if north { Side::North } else { Side::South };
        let mut text = Position::from_pieces(variant.clone(), &pieces, side).to_text();
        if let Some(pick) = extra {
            text = mutate(&text, pick, geometry.files, geometry.ranks);
        }
        check_position_text(&variant, &text, seed);
    }

    #[test]
    fn random_texts_never_panic_and_play_on_when_accepted(
        variant in 0..3usize,
        rows in prop::collection::vec("[0-9a-zA-Z\\[\\]]{0,20}", 1..14),
        side in "[sn]",
        rest in "( [-SN]{1,2} [-0-9] [0-9]{1,3})?( (banth|charge:[a-p-]{1,3}:[a-p][0-9]{1,2}:[0-3]|trains:[a-p][0-9]{1,2}=[a-p][0-9]{1,2}|turned:[a-p][0-9]{1,2}|[SN=]#[0-9]))?",
        seed in any::<u64>(),
    ) {
        let variant = common::border_variants()[variant].clone();
        check_position_text(&variant, &format!("{} {side}{rest}", rows.join("/")), seed);
    }
}

//! Pieces' looks in the headless game: every token gets the look its variant's files give, a
//! variant whose look file is broken or missing still plays (its kinds drawn as lettered
//! columns), and an edited look file reloads while the game runs, a broken edit keeping the
//! last good look.

mod common;

use std::path::Path;

use bevy::prelude::*;
use common::*;
use jetan::board::PieceToken;
use jetan::look_asset::LookCatalog;
use jetan::token_looks::TokenLook;

/// A copy of the repository's assets in a fresh folder, with `jetan.ron` naming `looks`.
fn assets_with_looks(name: &str, looks: &[&str]) -> std::path::PathBuf {
    let dir = temp_dir(name);
    for folder in ["variants", "looks"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
    }
    let classic = std::fs::read_to_string(repo_assets().join("variants/jetan.ron")).unwrap();
    let named: Vec<String> = looks.iter().map(|look| format!("\"{look}\"")).collect();
    let classic =
        classic.trim_end().strip_suffix(')').unwrap().to_string() + &format!("    looks: [{}],\n)\n", named.join(", "));
    std::fs::write(dir.join("variants/jetan.ron"), classic).unwrap();
    std::fs::copy(repo_assets().join("looks/barsoom.look.ron"), dir.join("looks/barsoom.look.ron")).unwrap();
    dir
}

/// The look of the token on `square`, once it has one.
fn look_on(app: &mut App, name: &str) -> jetan::looks::Drawn {
    let square = square(app, name);
    update_until(app, "the piece's look", |world| {
        let mut tokens = world.query::<(&PieceToken, Option<&TokenLook>)>();
        tokens.iter(world).any(|(token, look)| token.square == square && look.is_some())
    });
    let world = app.world_mut();
    let mut tokens = world.query::<(&PieceToken, &TokenLook)>();
    tokens.iter(world).find(|(token, _)| token.square == square).map(|(_, look)| look.0.clone()).unwrap()
}

#[test]
fn every_token_gets_its_kinds_look() {
    let mut app = started(&repo_assets(), "variants/jetan_sarang.ron");
    let chief = look_on(&mut app, "f1");
    assert!(chief.letter.is_none() && chief.parts.len() > 5, "{chief:?}");
    let world = app.world_mut();
    let tokens = world.query::<&PieceToken>().iter(world).count();
    update_until(&mut app, "every token's look", |world| world.query::<&TokenLook>().iter(world).count() == tokens);
    // The same look for every piece of a kind, and another for each other kind.
    let world = app.world_mut();
    let mut by_kind: std::collections::HashMap<jetan_rules::KindId, Vec<usize>> = Default::default();
    for (token, look) in world.query::<(&PieceToken, &TokenLook)>().iter(world) {
        by_kind.entry(token.piece.kind).or_default().push(std::sync::Arc::as_ptr(&look.0.parts) as usize);
    }
    let mut kinds_looks: Vec<usize> = by_kind.values().map(|looks| looks[0]).collect();
    for looks in by_kind.values() {
        assert!(looks.iter().all(|&look| look == looks[0]), "one look for a kind's pieces");
    }
    kinds_looks.sort();
    kinds_looks.dedup();
    assert_eq!(kinds_looks.len(), by_kind.len(), "each kind its own look");
}

#[test]
fn a_variant_whose_look_file_is_broken_or_missing_still_plays() {
    for (name, looks) in [("broken-look", "looks/broken.look.ron"), ("missing-look", "looks/missing.look.ron")] {
        let dir = assets_with_looks(name, &[looks]);
        std::fs::write(dir.join("looks/broken.look.ron"), "Looks(kinds: { \"chief\": (parts: [Crown(points: 3)]) })")
            .unwrap();
        let mut app = started(&dir, "variants/jetan.ron");
        let panthan = look_on(&mut app, "b2");
        assert_eq!(panthan.letter.as_deref(), Some("A"), "{name}: the Panthan is a lettered column");
        let errors = app.world().resource::<LookCatalog>().errors(&[looks.to_string()]).expect("an error is shown");
        assert!(errors.starts_with(&format!("assets/{looks}:1:")), "{errors}");
        click(&mut app, "b2");
        click(&mut app, "b3");
        settle(&mut app);
        assert_eq!(app.world().resource::<jetan::game::Game>().history.len(), 1, "{name}: the move was played");
    }
}

#[test]
fn an_edited_look_file_reloads_and_a_broken_edit_keeps_the_last_good_look() {
    let dir = assets_with_looks("reload-look", &["looks/barsoom.look.ron", "looks/mine.look.ron"]);
    let mine = dir.join("looks/mine.look.ron");
    let write = |text: &str| std::fs::write(&mine, text).unwrap();
    write("Looks(kinds: {})");
    let mut app = started(&dir, "variants/jetan.ron");
    let before = look_on(&mut app, "e1");
    // The watcher sees files changed after it started.
    app.update();
    write("Looks(kinds: { \"chief\": (parts: [Pedestal, Figure(radius: 0.1, height: 0.3)]) })");
    let square = square(&app, "e1");
    let changed = |world: &mut World, from: usize| {
        let mut tokens = world.query::<(&PieceToken, &TokenLook)>();
        tokens.iter(world).any(|(token, look)| token.square == square && look.0.parts.len() != from)
    };
    update_until(&mut app, "the edited look", |world| changed(world, before.parts.len()));
    let edited = look_on(&mut app, "e1");
    assert_eq!(edited.parts.len(), 5, "the pedestal's two discs, the body, the head and the band");
    write("Looks(kinds: { \"chief\": (parts: [Pedestal, Circlet]) })");
    let paths = ["looks/barsoom.look.ron".to_string(), "looks/mine.look.ron".to_string()];
    update_until(&mut app, "the broken edit's error", |world| world.resource::<LookCatalog>().errors(&paths).is_some());
    let errors = app.world().resource::<LookCatalog>().errors(&paths).unwrap();
    assert!(errors.contains("mine.look.ron:1:") && errors.contains("a circlet needs a body"), "{errors}");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(look_on(&mut app, "e1").parts.len(), 5, "the last good look is kept");
    assert!(Path::new(&mine).exists(), "the file is left as the player wrote it");
}

//! A player's mods folder in the headless game: its variants are listed beside the game's own
//! (a broken one reported at its place and left out), one plays with the looks the mods folder
//! gives it, and a variant put there while the game runs is listed.

mod common;

use bevy::prelude::*;
use common::*;
use jetan::Launch;
use jetan::board::PieceToken;
use jetan::game::Game;
use jetan::places::Places;
use jetan::token_looks::TokenLook;
use jetan::variant_asset::VariantCatalog;

#[test]
fn a_mods_variant_is_listed_and_plays_with_its_own_looks() {
    let mods = temp_dir("mods");
    common::modding::write_mod(&mods);
    let places = Places { assets: repo_assets(), mods: Some(mods.clone()) };
    let launch = Launch::playing("mods://variants/birds.ron");
    let mut app = app_on(places, launch, &temp_dir("mods-saves"));
    update_until(&mut app, "the mod's game", |world| {
        world.contains_resource::<Game>() && world.query::<&PieceToken>().iter(world).count() > 0
    });
    let game = app.world().resource::<Game>();
    assert_eq!(
        (game.variant_path.as_str(), game.position().variant().name()),
        ("mods://variants/birds.ron", "Birds of Barsoom")
    );

    // Listed after the game's own, the broken one with its place in the mods folder.
    update_until(&mut app, "both folders", |world| {
        let catalog = world.resource::<VariantCatalog>();
        catalog.error("mods://variants/broken.ron").is_some() && catalog.good("variants/jetan_sarang.ron").is_some()
    });
    let catalog = app.world().resource::<VariantCatalog>();
    let paths: Vec<&str> = catalog.entries().iter().map(|entry| entry.path.as_str()).collect();
    assert_eq!(paths.iter().position(|p| *p == "variants/jetan.ron"), Some(0), "{paths:?}");
    assert_eq!(&paths[paths.len() - 2..], ["mods://variants/birds.ron", "mods://variants/broken.ron"]);
    let error = catalog.error("mods://variants/broken.ron").unwrap();
    assert!(error.starts_with(&format!("{}:3:1:", mods.join("variants/broken.ron").display())), "{error}");
    assert!(catalog.good("mods://variants/broken.ron").is_none(), "left out");

    // The Malagor is drawn by the mods folder's look file (a figure, not the shipped glTF bird).
    let malagor = |world: &mut World| {
        let mut tokens = world.query::<(&PieceToken, Option<&TokenLook>)>();
        let game = world.resource::<Game>().position().variant().clone();
        let found = tokens.iter(world).find(|(token, _)| game.kind(token.piece.kind).id == "malagor");
        found.and_then(|(_, look)| look.cloned())
    };
    update_until(&mut app, "the Malagor's look", |world| malagor(world).is_some());
    let look = malagor(app.world_mut()).unwrap();
    assert!(look.0.model.is_none() && look.0.letter.is_none() && look.0.parts.len() >= 2, "{:?}", look.0);

    // It plays.
    click(&mut app, "b2");
    click(&mut app, "b3");
    settle(&mut app);
    assert_eq!(app.world().resource::<Game>().history.len(), 1, "a move played");

    // A variant put in the mods folder while the game runs is listed.
    let birds = std::fs::read_to_string(mods.join("variants/birds.ron")).unwrap();
    std::fs::write(mods.join("variants/late.ron"), birds.replace("Birds of Barsoom", "Late Birds")).unwrap();
    update_until(&mut app, "the new mod", |world| {
        world.resource::<VariantCatalog>().good("mods://variants/late.ron").is_some_and(|v| v.name() == "Late Birds")
    });
}

/// A launch (or the settings) naming a mod's variant that doesn't load: the error is shown and
/// classic Jetan is played, rather than waiting for a good version on "Loading the variant…".
#[test]
fn a_broken_mods_variant_launched_shows_its_error_and_plays_classic_jetan() {
    let mods = temp_dir("broken-mod");
    common::modding::write_mod(&mods);
    let places = Places { assets: repo_assets(), mods: Some(mods.clone()) };
    let mut app = app_on(places, Launch::playing("mods://variants/broken.ron"), &temp_dir("broken-mod-saves"));
    update_until(&mut app, "a game instead", |world| world.contains_resource::<Game>());
    let game = app.world().resource::<Game>();
    assert_eq!((game.variant_path.as_str(), game.position().variant().name()), ("variants/jetan.ron", "Jetan"));
    let notice = app.world().resource::<jetan::game::Notice>().0.clone().unwrap_or_default();
    let place = format!("{}:3:1:", mods.join("variants/broken.ron").display());
    assert!(notice.starts_with(&place) && notice.contains("playing the game's own variants/jetan.ron"), "{notice}");
}

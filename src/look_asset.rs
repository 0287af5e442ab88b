//! Look files as Bevy assets, reloaded live, and each token's look: the files the game's variant
//! names are loaded (each keeping its last good version and the errors of a broken edit), and
//! every token gets a [`TokenLook`] from them, given anew whenever one of them changes.

use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use crate::animation::{Flies, Strides};
use crate::board::PieceToken;
use crate::game::Game;
use crate::looks::{Drawn, Looks, MAX_LOOK_BYTES};
use crate::places::Places;
use crate::screen::Screen;
use crate::settings::{Pieces, Settings};
use crate::variant_asset::LastGood;

/// A look file as loaded: its looks, or every problem in it (`FILE:LINE:COL: message`).
#[derive(Asset, TypePath, Debug)]
pub struct LookSource(pub Result<Arc<Looks>, String>);

/// Reads `.look.ron` files. It never fails: a broken file becomes a [`LookSource`] holding its
/// errors, so that the catalog keeps the last good version.
#[derive(TypePath)]
struct LookLoader {
    /// Where the files are: to name them in errors and find the models and icons they name.
    places: Places,
}

impl AssetLoader for LookLoader {
    type Asset = LookSource;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LookSource, std::io::Error> {
        let (origin, text) =
            crate::variant_asset::read_text(reader, load_context, &self.places, MAX_LOOK_BYTES).await?;
        let looks = text.and_then(|text| Looks::read(&text, &origin));
        Ok(LookSource(looks.map(|looks| Arc::new(looks.found_in(&self.places)))))
    }

    fn extensions(&self) -> &[&str] {
        &["look.ron"]
    }
}

/// How a token is drawn, from its variant's look files (the scene builds its model from it).
#[derive(Component, Clone, Debug)]
pub struct TokenLook(pub Drawn);

/// Every look file asked for, with its last good version and its current errors.
#[derive(Resource, Default, Debug)]
pub struct LookCatalog {
    entries: Vec<LookEntry>,
    /// Counts the changes to any file: tokens are given their looks anew when it moves.
    generation: u64,
}

#[derive(Debug)]
struct LookEntry {
    /// The path a variant names it by, such as `looks/barsoom.look.ron`.
    path: String,
    /// Where it was read from: the path, or the mods folder's file of that path.
    found: String,
    handle: Handle<LookSource>,
    loaded: LastGood<Looks>,
    /// Whether it has loaded, well or not, or can't be.
    settled: bool,
}

impl LookCatalog {
    fn entry(&self, path: &str) -> Option<&LookEntry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// Starts loading the files not yet asked for (a mod's file in place of the game's).
    fn request(&mut self, paths: &[String], server: &AssetServer, places: &Places) {
        for path in paths {
            if self.entry(path).is_none() {
                let found = places.resolve(path);
                let handle = server.load(found.clone());
                self.entries.push(LookEntry {
                    path: path.clone(),
                    found,
                    handle,
                    loaded: LastGood::default(),
                    settled: false,
                });
            }
        }
    }

    /// The last good versions of `paths` (those that have one), once all of them have settled.
    pub fn files(&self, paths: &[String]) -> Option<Vec<Arc<Looks>>> {
        let entries: Option<Vec<&LookEntry>> = paths.iter().map(|path| self.entry(path)).collect();
        let entries = entries?;
        entries.iter().all(|e| e.settled).then(|| entries.iter().filter_map(|e| e.loaded.good.clone()).collect())
    }

    /// The errors of `paths` as they are now, one a line.
    pub fn errors(&self, paths: &[String]) -> Option<String> {
        let errors: Vec<&str> = paths.iter().filter_map(|p| self.entry(p)?.loaded.error.as_deref()).collect();
        (!errors.is_empty()).then(|| errors.join("\n"))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Places>();
    let places = app.world().resource::<Places>().clone();
    app.init_asset::<LookSource>()
        .register_asset_loader(LookLoader { places })
        .init_resource::<LookCatalog>()
        .add_systems(
            Update,
            (request_looks.run_if(in_state(Screen::Playing)), update_catalog)
                .chain()
                .in_set(crate::AppSystems::RecordInput),
        )
        .add_systems(Update, give_looks.in_set(crate::AppSystems::Looks));
}

/// Asks for the look files of the variant being played.
fn request_looks(game: Res<Game>, server: Res<AssetServer>, places: Res<Places>, mut catalog: ResMut<LookCatalog>) {
    if game.is_changed() {
        catalog.request(game.position.variant().looks(), &server, &places);
    }
}

/// Takes in every (re)loaded look file, and settles those that can't be loaded.
fn update_catalog(
    mut events: MessageReader<AssetEvent<LookSource>>,
    sources: Res<Assets<LookSource>>,
    server: Res<AssetServer>,
    places: Res<Places>,
    mut catalog: ResMut<LookCatalog>,
) {
    let mut changed = false;
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else { continue };
        let Some(LookSource(source)) = sources.get(id) else { continue };
        let Some(entry) = catalog.entries.iter_mut().find(|e| e.handle.id() == id) else { continue };
        entry.loaded.take_in(source);
        entry.settled = true;
        changed = true;
    }
    for entry in catalog.entries.iter_mut().filter(|e| !e.settled) {
        if let bevy::asset::LoadState::Failed(error) = server.load_state(&entry.handle) {
            let message = format!("{}:1:1: the look file can't be read: {error}", places.origin(&entry.found));
            warn!("{message}");
            entry.loaded.error = Some(message);
            entry.settled = true;
            changed = true;
        }
    }
    if changed {
        catalog.generation += 1;
    }
}

/// Gives each token without a look its look, and every token its look anew when a look file
/// changes; a kind no file gives a look to is drawn as the generic lettered column.
fn give_looks(
    mut commands: Commands,
    game: Res<Game>,
    catalog: Res<LookCatalog>,
    tokens: Query<(Entity, &PieceToken, Has<TokenLook>)>,
    settings: Res<Settings>,
    mut given: Local<(u64, bool)>,
) {
    let variant = game.position.variant();
    let Some(files) = catalog.files(variant.looks()) else { return };
    // Anew when a look file changes, or the pieces are drawn another way.
    let living = settings.pieces == Pieces::Living;
    let anew = *given != (catalog.generation, living);
    *given = (catalog.generation, living);
    let files: Vec<&Looks> = files.iter().map(Arc::as_ref).collect();
    for (entity, token, has_look) in &tokens {
        if has_look && !anew {
            continue;
        }
        let kind = variant.kind(token.piece.kind);
        let drawn = Drawn::of(&kind.id, &kind.letter, token.piece.kind.index(), &files, living);
        let mut entity = commands.entity(entity);
        if drawn.flies {
            entity.insert(Flies);
        } else {
            entity.remove::<Flies>();
        }
        if drawn.living && !drawn.flies {
            entity.insert(Strides);
        } else {
            entity.remove::<Strides>();
        }
        entity.insert(TokenLook(drawn));
    }
}

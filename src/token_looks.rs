//! Each token's look: the look files the game's variant names are asked for, and every token
//! gets a [`TokenLook`] from them, given anew whenever one of them changes or the pieces are
//! drawn another way (statuettes or Living Jetan).

use std::sync::Arc;

use bevy::prelude::*;

use crate::animation::{Flies, Strides};
use crate::board::PieceToken;
use crate::game::Game;
use crate::look_asset::{LookCatalog, request_looks_of};
use crate::looks::{Drawn, Looks};
use crate::places::Places;
use crate::settings::{Pieces, Settings};

/// How a token is drawn, from its variant's look files (the scene builds its model from it).
#[derive(Component, Clone, Debug)]
pub struct TokenLook(pub Drawn);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (request_looks, give_looks).chain().in_set(crate::AppSystems::Looks));
}

/// Asks for the look files of the variant being played.
fn request_looks(game: Res<Game>, server: Res<AssetServer>, places: Res<Places>, mut catalog: ResMut<LookCatalog>) {
    if game.is_changed() {
        request_looks_of(game.position().variant(), &mut catalog, &server, &places);
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
    let variant = game.position().variant();
    let Some(files) = catalog.files(variant.looks()) else { return };
    // Anew when a look file changes, or the pieces are drawn another way.
    let living = settings.pieces == Pieces::Living;
    let anew = *given != (catalog.generation(), living);
    *given = (catalog.generation(), living);
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

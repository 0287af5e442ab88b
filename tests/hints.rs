//! Hints in the game without a window: asked for, the AI's move for the side to move arrives
//! from a background task, is legal, and is forgotten once the position changes.

mod common;

use common::{repo_assets, started, update_until};
use jetan::game::{Game, GameAction};
use jetan::hint::{AskHint, Hint};

#[test]
fn a_hint_is_a_legal_move_of_the_position_it_was_asked_for() {
    let mut app = started(&repo_assets(), "variants/jetan.ron");
    app.world_mut().write_message(AskHint);
    app.update();
    assert!(app.world().resource::<Hint>().searching(), "the search runs on a background task");
    update_until(&mut app, "the hint", |world| world.resource::<Hint>().for_game(world.resource::<Game>()).is_some());
    let game = app.world().resource::<Game>();
    let advice = app.world().resource::<Hint>().for_game(game).unwrap().clone();
    assert!(game.position().is_legal(advice.mv), "{}", advice.text);
    assert_eq!(advice.text, game.position().move_text(advice.mv));

    let other = *game.legal_moves().iter().find(|&&mv| mv != advice.mv).unwrap();
    app.world_mut().write_message(GameAction::Play(other));
    app.update();
    let game = app.world().resource::<Game>();
    assert!(app.world().resource::<Hint>().for_game(game).is_none(), "a hint is for its position only");
}

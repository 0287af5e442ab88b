//! Where each side's pieces stand in a screenshot (`--piece-points FILE`, written as the picture
//! is taken): points up each piece's axis, a line each, `SIDE X Y` in the window's pixels, for
//! `tools/side_distance.py`, which compares the two sides' colours there.

use std::fmt::Write;
use std::path::PathBuf;

use bevy::prelude::*;

use crate::board::PieceToken;
use crate::camera::BoardView;
use crate::game::Game;

/// The heights up a piece's axis where it is sampled, in squares: from above its foot to a short
/// piece's head (what is sampled above a short piece is the board: a median outvotes it).
const HEIGHTS: [f32; 5] = [0.12, 0.22, 0.32, 0.42, 0.52];

/// The lines for the pieces in view, a point each of [`HEIGHTS`]: `SIDE X Y`, the side as the
/// variant names it (one word).
pub fn lines(game: &Game, view: &BoardView, tokens: &Query<(&PieceToken, &GlobalTransform)>) -> String {
    let variant = game.position().variant();
    let mut text = String::new();
    for (token, transform) in tokens {
        let side = variant.side_name(token.piece.side).replace(' ', "_");
        for height in HEIGHTS {
            if let Some(at) = view.to_window(transform.translation() + Vec3::Y * height) {
                let _ = writeln!(text, "{side} {:.1} {:.1}", at.x, at.y);
            }
        }
    }
    text
}

/// Writes the pieces' points to `path` (a command queued as the screenshot is taken).
pub fn write_to(path: PathBuf) -> impl FnOnce(&mut World) {
    move |world: &mut World| {
        let written = world.run_system_cached(
            |game: Option<Res<Game>>, view: BoardView, tokens: Query<(&PieceToken, &GlobalTransform)>| {
                game.map(|game| lines(&game, &view, &tokens))
            },
        );
        match written {
            Ok(Some(text)) => {
                if let Err(error) = std::fs::write(&path, text) {
                    eprintln!("--piece-points: {}: {error}", path.display());
                }
            }
            Ok(None) => eprintln!("--piece-points: no game is on the board"),
            Err(error) => eprintln!("--piece-points: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    /// The script that reads the points measures colour distances rightly (its own test: the
    /// CIEDE2000 reference pairs, and a colour-blind view drawing red and green together).
    #[test]
    fn the_side_distance_script_passes_its_self_test() {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/side_distance.py");
        let run = std::process::Command::new("python3").arg(&script).arg("--self-test").output();
        let output = run.expect("python3 runs (CI installs it with the system)");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    }
}

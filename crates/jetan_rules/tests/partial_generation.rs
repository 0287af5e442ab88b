//! The partial move generation a search leans on agrees with the full generation over random
//! games, under rule options that change walks, threats and escapes: the captures alone, the
//! legality of any single move, and who attacks a piece.

mod common;

use jetan_rules::{Move, MoveKind, Position, SquareSet};

/// Rule option sets, the default first.
const OPTIONS: [&[&str]; 7] = [
    &[],
    &["warrior=up_to", "warrior_dirs=any", "padwar=up_to", "dwar=up_to", "flier_jump=odwar"],
    &["chief=up_to", "chief_mix=civil", "thoat_jump=blocked", "threats=before"],
    &["chief_mix=straight", "thoat=orth_first", "princess_passing=may_not", "escape_when=attacked"],
    &["princess=up_to", "princess_mix=straight", "escape=up_to_ten", "escape_mix=civil"],
    &["princess_mix=civil", "escape=exactly_ten", "threats=before", "princess_passing=may_not"],
    &["flier=up_to", "panthan=back_diagonals", "escape_when=attacked", "threats=before"],
];

const GAMES: u64 = 8;
const MAX_PLIES: usize = 200;

/// Every position of the random games of each option set, the positions after the last
/// move included (so finished games are checked too).
fn positions() -> impl Iterator<Item = (&'static [&'static str], Position)> {
    OPTIONS.into_iter().flat_map(|choices| {
        let start = Position::start(common::jetan(choices));
        (0..GAMES).flat_map(move |seed| {
            let game = common::random_game(&start, seed, MAX_PLIES);
            let last = game.last().map(|(position, mv)| {
                let mut end = position.clone();
                end.play(*mv);
                end
            });
            game.into_iter().map(|(position, _)| position).chain(last).map(move |p| (choices, p))
        })
    })
}

#[test]
fn captures_are_the_legal_moves_that_land_on_a_piece() {
    for (choices, position) in positions() {
        let legal = position.legal_moves();
        let expected: Vec<Move> =
            legal.iter().copied().filter(|m| position.piece_at(m.lead().unwrap().to).is_some()).collect();
        // It appends, as `generate` does.
        let mut captures = vec![Move::single(jetan_rules::Square(0), jetan_rules::Square(0), MoveKind::Normal)];
        position.generate_captures(&mut captures);
        assert_eq!(captures[1..], expected[..], "{choices:?} {}", position.to_text());
    }
}

#[test]
fn single_moves_are_legal_exactly_when_generated() {
    for (choices, position) in positions() {
        let legal = position.legal_moves();
        let geometry = position.variant().geometry();
        // From every piece's square, and from one empty square.
        let empty = geometry.squares().find(|&s| position.piece_at(s).is_none());
        for from in position.pieces().map(|(square, _)| square).chain(empty) {
            for to in geometry.squares() {
                for kind in [MoveKind::Normal, MoveKind::Escape] {
                    let mv = Move::single(from, to, kind);
                    assert_eq!(position.is_legal(mv), legal.contains(&mv), "{mv:?} {choices:?} {}", position.to_text());
                }
            }
        }
    }
}

#[test]
fn attackers_are_the_armed_enemies_that_reach_a_piece() {
    for (choices, position) in positions() {
        for (square, victim) in position.pieces() {
            let enemy = victim.side.opponent();
            let expected: SquareSet = position
                .pieces()
                .filter(|&(from, piece)| {
                    piece.side == enemy
                        && position.variant().kind(piece.kind).armed
                        && position.reach(piece, from, &position.occupied()).contains(square)
                })
                .map(|(from, _)| from)
                .collect();
            assert_eq!(position.attackers(square), expected, "{choices:?} {}", position.to_text());
            for (from, _) in position.pieces() {
                assert_eq!(position.attacks(from, square), expected.contains(from));
            }
            let threats = position.threats(enemy, &position.occupied());
            assert_eq!(position.is_attacked(square), threats.contains(square));
        }
    }
}

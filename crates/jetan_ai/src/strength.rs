//! How strong each level measured in the rating ladder, per shipped variant (what New game
//! shows beside a level), and the level a beginner should start at; docs/ai_levels.md has the
//! runs, and a test fits their joined results again to check the table here.

use crate::Level;

/// A level's rating as the ladder measured it, random moves being 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The Elo rating.
    pub elo: i32,
    /// Twice its standard error (about a 95% interval).
    pub error: i32,
}

/// The level a newcomer starts at: it sees captures and threats but chooses among quiet moves
/// nearly at random (its root spread is three Panthans), scoring about half its games in the
/// ladder, between greedy and level 2.
pub const FOR_A_BEGINNER: Level = Level::Search(1);

/// The measured ratings of the players of each shipped variant, by the variant's name, weakest
/// first; a level left out played too few games to be rated (docs/ai_levels.md).
const MEASURED: &[(&str, &[(Level, Strength)])] = &[
    (
        "Jetan",
        &[
            (Level::Random, Strength { elo: 0, error: 0 }),
            (Level::Greedy, Strength { elo: 267, error: 211 }),
            (Level::GreedyPlusOne, Strength { elo: 414, error: 224 }),
            (Level::Search(1), Strength { elo: 586, error: 236 }),
            (Level::Search(2), Strength { elo: 749, error: 248 }),
            (Level::Search(3), Strength { elo: 847, error: 256 }),
            (Level::Search(4), Strength { elo: 1035, error: 283 }),
        ],
    ),
    (
        "Jetan Sarang",
        &[
            (Level::Random, Strength { elo: 0, error: 0 }),
            (Level::Greedy, Strength { elo: 501, error: 226 }),
            (Level::GreedyPlusOne, Strength { elo: 977, error: 261 }),
            (Level::Search(1), Strength { elo: 1015, error: 262 }),
            (Level::Search(2), Strength { elo: 1164, error: 265 }),
            (Level::Search(3), Strength { elo: 1369, error: 272 }),
        ],
    ),
    (
        "Jetan Jeddara",
        &[
            (Level::Random, Strength { elo: 0, error: 0 }),
            (Level::Greedy, Strength { elo: 367, error: 221 }),
            (Level::GreedyPlusOne, Strength { elo: 413, error: 225 }),
            (Level::Search(1), Strength { elo: 693, error: 242 }),
            (Level::Search(2), Strength { elo: 757, error: 246 }),
            (Level::Search(3), Strength { elo: 954, error: 261 }),
            (Level::Search(4), Strength { elo: 993, error: 265 }),
        ],
    ),
];

/// `level`'s measured rating in the variant named `variant`, if the ladder rated it there.
pub fn measured(variant: &str, level: Level) -> Option<Strength> {
    let (_, levels) = MEASURED.iter().find(|(name, _)| *name == variant)?;
    levels.iter().find(|(rated, _)| *rated == level).map(|&(_, strength)| strength)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::results_from_lines;

    /// The results the docs' tables were fitted from, per variant.
    const RUNS: &[(&str, &str)] = &[
        ("Jetan", include_str!("../../../docs/ai_levels/classic.txt")),
        ("Jetan Sarang", include_str!("../../../docs/ai_levels/sarang.txt")),
        ("Jetan Jeddara", include_str!("../../../docs/ai_levels/jeddara.txt")),
    ];

    #[test]
    fn the_table_is_the_fit_of_the_recorded_games() {
        for &(variant, lines) in RUNS {
            let (_, levels) = MEASURED.iter().find(|(name, _)| *name == variant).expect("every run is in the table");
            let players: Vec<Level> = levels.iter().map(|&(level, _)| level).collect();
            let fit = results_from_lines(&players, lines).fit(0, 0.0);
            for (&(level, strength), rating) in levels.iter().zip(&fit.ratings) {
                let fitted = Strength { elo: rating.elo.round() as i32, error: (2.0 * rating.error).round() as i32 };
                assert_eq!(strength, fitted, "{variant}, {level}");
            }
        }
    }

    #[test]
    fn the_levels_rise_and_a_beginner_starts_above_greedy() {
        for &(variant, levels) in MEASURED {
            assert!(levels.windows(2).all(|pair| pair[0].1.elo < pair[1].1.elo), "{variant}");
            let beginner = measured(variant, FOR_A_BEGINNER).expect("the beginner's level is rated");
            assert!(beginner.elo > measured(variant, Level::Greedy).expect("greedy is rated").elo, "{variant}");
        }
        assert_eq!(measured("A mod's variant", Level::Search(1)), None);
    }
}

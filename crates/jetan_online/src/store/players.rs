//! The players a store keeps: each name bound to the digest of the first key that used it, and
//! each player's Glicko-2 rating in each variant, changed with the write that ends a rated
//! game.

use jetan_rules::Side;
use rusqlite::{Connection, OptionalExtension, params};

use super::{Store, failed, parse_json, unix_now};
use crate::glicko::{GameResult, Rating};
use crate::identity::name_key;
use crate::protocol::{Ending, ErrorCode, GameSetup, MOST_LISTED, RatingChange, Refusal, Standing};
use crate::secrets::Digest;

/// A player's rating in a variant and the rated games it played.
type Record = (Rating, u32);

impl Store {
    /// Binds `name` to the key of digest `key` unless another key holds it (a name no key holds
    /// is bound if `may_bind` allows); gives the name as it was first bound (its case) and its
    /// ratings.
    ///
    /// # Errors
    /// `name_taken`: another key holds the name; `may_bind`'s refusal; or the database failed.
    pub fn identify(
        &mut self,
        name: &str,
        key: &Digest,
        may_bind: impl FnOnce() -> Result<(), Refusal>,
    ) -> Result<(String, Vec<Standing>), Refusal> {
        let folded = name_key(name);
        let savepoint = self.connection.savepoint().map_err(failed)?;
        let known: Option<(String, Digest)> = savepoint
            .query_row("SELECT name, key FROM players WHERE name_key = ?1", [&folded], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()
            .map_err(failed)?;
        let bound = match known {
            Some((bound, held)) if held == *key => bound,
            Some((bound, _)) => {
                return Err(Refusal::new(ErrorCode::NameTaken, format!("another player's key holds the name {bound}")));
            }
            None => {
                may_bind()?;
                savepoint
                    .execute(
                        "INSERT INTO players (name_key, name, key, created) VALUES (?1, ?2, ?3, ?4)",
                        params![folded, name, key, i64::try_from(unix_now()).unwrap_or(i64::MAX)],
                    )
                    .map_err(failed)?;
                name.to_string()
            }
        };
        savepoint.commit().map_err(failed)?;
        let ratings =
            standings(&self.connection, "ratings.player = ?1 ORDER BY ratings.variant", &folded, MOST_LISTED)?;
        Ok((bound, ratings))
    }

    /// The rating of the player called `name` in `variant` (the starting one if it played no
    /// rated game of it).
    ///
    /// # Errors
    /// The database failed.
    pub fn rating(&self, name: &str, variant: &str) -> Result<Rating, Refusal> {
        record(&self.connection, name, variant).map(|(rating, _)| rating)
    }

    /// The `top` best rated players of `variant` (at most [`MOST_LISTED`]), best first.
    ///
    /// # Errors
    /// The database failed.
    pub fn leaderboard(&self, variant: &str, top: usize) -> Result<Vec<Standing>, Refusal> {
        let top = top.min(MOST_LISTED);
        standings(&self.connection, "ratings.variant = ?1 ORDER BY ratings.rating DESC, players.name", variant, top)
    }
}

/// If game `id` is rated and both its seats are players', rates its `ending` for both and
/// keeps their new ratings (in the caller's savepoint); gives them, South's then North's.
pub(super) fn rate_game(
    connection: &Connection,
    id: &str,
    ending: &Ending,
) -> Result<Option<[RatingChange; 2]>, Refusal> {
    let game: Option<(bool, String, Option<String>, Option<String>)> = connection
        .query_row("SELECT rated, setup, south_player, north_player FROM games WHERE id = ?1", [id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .optional()
        .map_err(failed)?;
    let Some((true, setup, Some(south), Some(north))) = game else { return Ok(None) };
    let setup: GameSetup = parse_json(&setup, 1).map_err(failed)?;
    let names = [south, north];
    let before = [record(connection, &names[0], &setup.variant)?, record(connection, &names[1], &setup.variant)?];
    let south_score = match ending.winner {
        Some(Side::South) => 1.0,
        Some(Side::North) => 0.0,
        None => 0.5,
    };
    let scores = [south_score, 1.0 - south_score];
    let mut changes = Vec::with_capacity(2);
    for seat in 0..2 {
        let ((rating, games), (opponent, _)) = (before[seat], before[1 - seat]);
        let after = rating.update(&[GameResult { opponent, score: scores[seat] }]);
        connection
            .execute(
                "INSERT OR REPLACE INTO ratings (player, variant, rating, deviation, volatility, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    name_key(&names[seat]),
                    setup.variant,
                    after.rating,
                    after.deviation,
                    after.volatility,
                    games + 1
                ],
            )
            .map_err(failed)?;
        let rounded = after.rating.round() as i32;
        changes.push(RatingChange {
            name: names[seat].clone(),
            rating: rounded,
            change: rounded - rating.rating.round() as i32,
        });
    }
    Ok(changes.try_into().ok())
}

/// A player's rating in a variant and its rated games (the start's and none if it has none).
fn record(connection: &Connection, name: &str, variant: &str) -> Result<Record, Refusal> {
    let record = connection
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = ?1 AND variant = ?2",
            params![name_key(name), variant],
            |row| Ok((Rating { rating: row.get(0)?, deviation: row.get(1)?, volatility: row.get(2)? }, row.get(3)?)),
        )
        .optional()
        .map_err(failed)?;
    Ok(record.unwrap_or_default())
}

/// The standings `filter` (an SQL condition on `?1`, then an order) selects, at most `most`.
fn standings(connection: &Connection, filter: &str, key: &str, most: usize) -> Result<Vec<Standing>, Refusal> {
    let sql = format!(
        "SELECT players.name, ratings.variant, ratings.rating, ratings.deviation, ratings.games
         FROM ratings JOIN players ON players.name_key = ratings.player WHERE {filter} LIMIT ?2"
    );
    let mut statement = connection.prepare_cached(&sql).map_err(failed)?;
    let rows = statement
        .query_map(params![key, i64::try_from(most).unwrap_or(i64::MAX)], |row| {
            Ok(Standing {
                name: row.get(0)?,
                variant: row.get(1)?,
                rating: row.get::<_, f64>(2)?.round() as i32,
                deviation: row.get::<_, f64>(3)?.round() as i32,
                games: row.get(4)?,
            })
        })
        .map_err(failed)?;
    rows.collect::<Result<_, _>>().map_err(failed)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::secrets::digest;
    use crate::store::StoredGame;
    use crate::time_control::Clocks;

    #[test]
    fn a_name_is_held_by_the_first_key_case_aside() {
        let mut store = Store::open(Path::new(":memory:")).unwrap();
        let (name, ratings) = store.identify("Tara", &digest("key one"), || Ok(())).unwrap();
        assert_eq!((name.as_str(), ratings.len()), ("Tara", 0));
        assert_eq!(store.identify("TARA", &digest("key one"), || Ok(())).unwrap().0, "Tara", "the same player");
        assert_eq!(store.identify("tara", &digest("key two"), || Ok(())).unwrap_err().code, ErrorCode::NameTaken);
        let spent = || Err(Refusal::new(ErrorCode::RateLimited, "no more names"));
        assert_eq!(store.identify("Tara", &digest("key one"), spent).unwrap().0, "Tara", "a bound name costs nothing");
        assert_eq!(store.identify("Gahan", &digest("key two"), spent).unwrap_err().code, ErrorCode::RateLimited);
    }

    #[test]
    fn a_rated_game_rates_both_players_as_it_ends_and_an_unrated_one_no_one() {
        let mut store = Store::open(Path::new(":memory:")).unwrap();
        for (name, key) in [("Tara", "k1"), ("Gahan", "k2")] {
            store.identify(name, &digest(key), || Ok(())).unwrap();
        }
        let game = |id: &str, rated| StoredGame {
            id: id.into(),
            setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() },
            seats: [Some(digest(&format!("{id} s"))), Some(digest(&format!("{id} n")))],
            invite: None,
            watch: digest(&format!("{id} w")),
            clocks: Clocks::default(),
            outcome: None,
            moves: Vec::new(),
            created: unix_now(),
            public: true,
            rated,
            players: [Some("Tara".into()), Some("Gahan".into())],
        };
        let won = Ending { winner: Some(Side::South), text: "Orange wins".into() };
        store.insert(&game("friendly", false)).unwrap();
        assert_eq!(store.finish("friendly", &won, &Clocks::default()).unwrap(), None);
        store.insert(&game("rated", true)).unwrap();
        let [south, north] = store.finish("rated", &won, &Clocks::default()).unwrap().expect("rated");
        assert!(south.change > 0 && north.change < 0 && south.rating + north.rating == 3000, "{south:?} {north:?}");
        let board = store.leaderboard("jetan", 10).unwrap();
        assert_eq!(board.iter().map(|s| (s.name.as_str(), s.games)).collect::<Vec<_>>(), [("Tara", 1), ("Gahan", 1)]);
        assert!(store.leaderboard("jetan_sarang", 10).unwrap().is_empty());
        assert!(store.rating("gahan", "jetan").unwrap().rating < 1500.0);
    }
}

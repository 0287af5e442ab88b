//! Where games are kept: an SQLite file in WAL mode with `synchronous=FULL`, so that a move is
//! on the disk when its transaction commits, before any player hears of it. The server reaches
//! it through [`SharedStore`], which commits the writes of every room waiting for it at once
//! (see [`group`]). The players and their ratings are in [`players`]; a rated game's new
//! ratings are kept with the write that ends it.

mod group;
mod players;

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use jetan_rules::Side;
use rusqlite::{Connection, OptionalExtension, params};

use crate::protocol::{Ending, ErrorCode, GameSetup, RatingChange, Refusal, encode as json};
use crate::secrets::Digest;
use crate::time_control::Clocks;

#[cfg(test)]
pub(crate) use group::CommitGate;
pub use group::SharedStore;

/// The tables; `IF NOT EXISTS` so that opening a kept file changes nothing.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    south_token BLOB,
    north_token BLOB,
    invite BLOB UNIQUE,
    watch BLOB NOT NULL UNIQUE,
    clocks TEXT NOT NULL,
    outcome TEXT,
    created INTEGER,
    public INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL DEFAULT 0,
    south_player TEXT,
    north_player TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS unfinished ON games(id) WHERE outcome IS NULL;
CREATE TABLE IF NOT EXISTS players (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key BLOB NOT NULL,
    created INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL REFERENCES players(name_key),
    variant TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, variant)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS leaderboard ON ratings(variant, rating DESC);
";

/// The columns added to `games` since its first version, and how a database made before gets
/// each (a game from before was created at the upgrade, is private, unrated and anonymous).
const ADDED_COLUMNS: [(&str, &str); 5] = [
    (
        "created",
        "ALTER TABLE games ADD COLUMN created INTEGER;
         UPDATE games SET created = CAST(strftime('%s', 'now') AS INTEGER) WHERE created IS NULL;",
    ),
    ("public", "ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;"),
    ("rated", "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"),
    ("south_player", "ALTER TABLE games ADD COLUMN south_player TEXT;"),
    ("north_player", "ALTER TABLE games ADD COLUMN north_player TEXT;"),
];

/// The columns a game is read with, in [`StoredGame::from_row`]'s order.
const GAME_COLUMNS: &str = "id, setup, south_token, north_token, invite, watch, clocks, outcome, created, public, rated, south_player, north_player";

/// A game as it is kept.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// Its id.
    pub id: String,
    /// Its variant, options and time control.
    pub setup: GameSetup,
    /// The digests of South's and North's tokens, for the seats taken.
    pub seats: [Option<Digest>; 2],
    /// The digest of the invite code, until it is used.
    pub invite: Option<Digest>,
    /// The digest of the watch code.
    pub watch: Digest,
    /// The clocks after the last ply.
    pub clocks: Clocks,
    /// How it ended, if it has.
    pub outcome: Option<Ending>,
    /// Its plies, in notation.
    pub moves: Vec<String>,
    /// When it was created, in seconds since 1970 (a game waiting for its second player
    /// expires by this wall clock, over restarts).
    pub created: u64,
    /// Whether it was sought in public (listed, and watched by its id).
    pub public: bool,
    /// Whether its end changes its players' ratings.
    pub rated: bool,
    /// The names of South's and North's players, for the seats taken by identified players.
    pub players: [Option<String>; 2],
}

/// The games not yet over, and those that could not be read (each said why): a broken row
/// is set aside, not a reason to start none.
#[derive(Debug, Default)]
pub struct Unfinished {
    /// The games read.
    pub games: Vec<StoredGame>,
    /// Why each game set aside could not be read.
    pub broken: Vec<String>,
}

/// How a game is looked for.
#[derive(Clone, Debug)]
pub enum Lookup {
    /// By its id.
    Id(String),
    /// By the digest of its unused invite code.
    Invite(Digest),
    /// By the digest of its watch code.
    Watch(Digest),
}

/// The database of games.
pub struct Store {
    connection: Connection,
}

impl Store {
    /// Opens (or makes) the database at `path`; `:memory:` for one that lives in memory.
    ///
    /// # Errors
    /// The file can't be opened or made, or is not a database of games.
    pub fn open(path: &Path) -> Result<Store, String> {
        let fail = |error: rusqlite::Error| format!("the database {}: {error}", path.display());
        let connection = Connection::open(path).map_err(fail)?;
        connection
            .execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(fail)?;
        connection.execute_batch(SCHEMA).map_err(fail)?;
        for (column, add) in ADDED_COLUMNS {
            let has: bool = connection
                .query_row("SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = ?1", [column], |row| {
                    row.get(0)
                })
                .map_err(fail)?;
            if !has {
                connection.execute_batch(add).map_err(fail)?;
            }
        }
        Ok(Store { connection })
    }

    /// Keeps a new game.
    ///
    /// # Errors
    /// The database failed.
    pub fn insert(&self, game: &StoredGame) -> Result<(), Refusal> {
        let [south, north] = &game.seats;
        let [south_player, north_player] = &game.players;
        self.connection
            .execute(
                &format!(
                    "INSERT INTO games ({GAME_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
                ),
                params![
                    game.id,
                    json(&game.setup),
                    south,
                    north,
                    game.invite,
                    game.watch,
                    json(&game.clocks),
                    game.outcome.as_ref().map(json),
                    i64::try_from(game.created).unwrap_or(i64::MAX),
                    game.public,
                    game.rated,
                    south_player,
                    north_player
                ],
            )
            .map_err(failed)?;
        Ok(())
    }

    /// Gives `side`'s seat of game `id` to the token of `digest` (and the player named
    /// `player`, if identified), and spends the invite.
    ///
    /// # Errors
    /// The database failed.
    pub fn seat(&self, id: &str, side: Side, digest: &Digest, player: Option<&str>) -> Result<(), Refusal> {
        let (token, name) = match side {
            Side::South => ("south_token", "south_player"),
            Side::North => ("north_token", "north_player"),
        };
        self.connection
            .execute(
                &format!("UPDATE games SET {token} = ?1, {name} = ?2, invite = NULL WHERE id = ?3"),
                params![digest, player, id],
            )
            .map_err(failed)?;
        Ok(())
    }

    /// Keeps ply `ply` of game `id`, with the clocks and outcome after it (and a rated game's
    /// new ratings if it ended), all or nothing (a savepoint, within the group's transaction);
    /// gives the new ratings.
    ///
    /// # Errors
    /// The database failed (nothing was kept).
    pub fn add_ply(
        &mut self,
        id: &str,
        ply: u32,
        text: &str,
        clocks: &Clocks,
        outcome: Option<&Ending>,
    ) -> Result<Option<[RatingChange; 2]>, Refusal> {
        let savepoint = self.connection.savepoint().map_err(failed)?;
        savepoint
            .execute("INSERT INTO moves (game, ply, text) VALUES (?1, ?2, ?3)", params![id, ply, text])
            .map_err(failed)?;
        let ratings = close_turn(&savepoint, id, clocks, outcome)?;
        savepoint.commit().map_err(failed)?;
        Ok(ratings)
    }

    /// Keeps the end of game `id` that no ply made (a resignation, a draw agreed, a clock out,
    /// an abandonment, an expiry), with a rated game's new ratings, all or nothing; gives the
    /// new ratings.
    ///
    /// # Errors
    /// The database failed (nothing was kept).
    pub fn finish(
        &mut self,
        id: &str,
        outcome: &Ending,
        clocks: &Clocks,
    ) -> Result<Option<[RatingChange; 2]>, Refusal> {
        let savepoint = self.connection.savepoint().map_err(failed)?;
        let ratings = close_turn(&savepoint, id, clocks, Some(outcome))?;
        savepoint.commit().map_err(failed)?;
        Ok(ratings)
    }

    /// The game a lookup finds, if any.
    ///
    /// # Errors
    /// The database failed or holds a game it can't read.
    pub fn find(&self, lookup: &Lookup) -> Result<Option<StoredGame>, Refusal> {
        let (column, key): (&str, &dyn rusqlite::ToSql) = match lookup {
            Lookup::Id(id) => ("id", id),
            Lookup::Invite(digest) => ("invite", digest),
            Lookup::Watch(digest) => ("watch", digest),
        };
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {column} = ?1");
        let game = self.connection.query_row(&sql, [key], StoredGame::from_row).optional().map_err(failed)?;
        game.map(|game| self.with_moves(game)).transpose()
    }

    /// Every game not yet over; those that can't be read are set aside, each with why.
    ///
    /// # Errors
    /// The database failed.
    pub fn unfinished(&self) -> Result<Unfinished, Refusal> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE outcome IS NULL");
        let mut statement = self.connection.prepare(&sql).map_err(failed)?;
        let rows = statement
            .query_map([], |row| Ok((row.get::<_, rusqlite::types::Value>(0)?, StoredGame::from_row(row))))
            .map_err(failed)?;
        let mut unfinished = Unfinished::default();
        for row in rows {
            let (id, game) = row.map_err(failed)?;
            match game.map_err(failed).and_then(|game| self.with_moves(game)) {
                Ok(game) => unfinished.games.push(game),
                Err(refusal) => unfinished.broken.push(format!("game {id:?}: {}", refusal.message)),
            }
        }
        Ok(unfinished)
    }

    fn with_moves(&self, mut game: StoredGame) -> Result<StoredGame, Refusal> {
        let mut statement =
            self.connection.prepare_cached("SELECT text FROM moves WHERE game = ?1 ORDER BY ply").map_err(failed)?;
        game.moves = statement
            .query_map([&game.id], |row| row.get(0))
            .map_err(failed)?
            .collect::<Result<_, _>>()
            .map_err(failed)?;
        Ok(game)
    }
}

/// Keeps game `id`'s clocks and outcome, and if it ended rated, its players' new ratings.
fn close_turn(
    connection: &Connection,
    id: &str,
    clocks: &Clocks,
    outcome: Option<&Ending>,
) -> Result<Option<[RatingChange; 2]>, Refusal> {
    connection
        .execute(
            "UPDATE games SET clocks = ?1, outcome = ?2 WHERE id = ?3",
            params![json(clocks), outcome.map(json), id],
        )
        .map_err(failed)?;
    outcome.map_or(Ok(None), |ending| players::rate_game(connection, id, ending))
}

impl StoredGame {
    fn from_row(row: &rusqlite::Row) -> rusqlite::Result<StoredGame> {
        Ok(StoredGame {
            id: row.get(0)?,
            setup: from_json(row, 1)?,
            seats: [row.get(2)?, row.get(3)?],
            invite: row.get(4)?,
            watch: row.get(5)?,
            clocks: from_json(row, 6)?,
            outcome: row.get::<_, Option<String>>(7)?.map(|text| parse_json(&text, 7)).transpose()?,
            moves: Vec::new(),
            created: row.get::<_, Option<i64>>(8)?.map_or_else(unix_now, |seconds| seconds.max(0).cast_unsigned()),
            public: row.get(9)?,
            rated: row.get(10)?,
            players: [row.get(11)?, row.get(12)?],
        })
    }
}

/// The wall clock now, in seconds since 1970.
pub fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs())
}

fn from_json<T: serde::de::DeserializeOwned>(row: &rusqlite::Row, column: usize) -> rusqlite::Result<T> {
    parse_json(&row.get::<_, String>(column)?, column)
}

fn parse_json<T: serde::de::DeserializeOwned>(text: &str, column: usize) -> rusqlite::Result<T> {
    serde_json::from_str(text).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, Box::new(error))
    })
}

fn failed(error: rusqlite::Error) -> Refusal {
    Refusal::new(ErrorCode::Server, format!("the server's database failed: {error}"))
}

#[cfg(test)]
impl StoredGame {
    /// A test's classic game `id`, South's seat taken, waiting for North.
    pub(crate) fn waiting(id: &str) -> StoredGame {
        use crate::secrets::digest;
        StoredGame {
            id: id.into(),
            setup: GameSetup { variant: "jetan".into(), ..GameSetup::default() },
            seats: [Some(digest(&format!("south {id}"))), None],
            invite: Some(digest(&format!("invite {id}"))),
            watch: digest(&format!("watch {id}")),
            clocks: Clocks::default(),
            outcome: None,
            moves: Vec::new(),
            created: unix_now(),
            public: false,
            rated: false,
            players: [None, None],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::digest;

    fn game(id: &str) -> StoredGame {
        StoredGame::waiting(id)
    }

    #[test]
    fn games_are_found_as_kept() {
        let mut store = Store::open(Path::new(":memory:")).unwrap();
        store.insert(&game("a")).unwrap();
        store.insert(&game("b")).unwrap();
        store.add_ply("a", 0, "A b2-b3", &Clocks::default(), None).unwrap();
        assert!(store.add_ply("a", 0, "A b2-b3", &Clocks::default(), None).is_err(), "a ply is kept once");
        store.seat("a", Side::North, &digest("north"), None).unwrap();
        let ending = Ending { winner: None, text: "Draw: agreed".into() };
        store.finish("b", &ending, &Clocks::default()).unwrap();

        let found = store.find(&Lookup::Watch(digest("watch a"))).unwrap().unwrap();
        assert_eq!(found.moves, ["A b2-b3"]);
        assert_eq!((found.seats[1], found.invite), (Some(digest("north")), None));
        assert!(store.find(&Lookup::Invite(digest("invite b"))).unwrap().is_some(), "b's invite is unused");
        assert_eq!(store.unfinished().unwrap().games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["a"]);
        assert_eq!(store.find(&Lookup::Id("b".into())).unwrap().unwrap().outcome, Some(ending));
    }
}

//! Game Courier move lists: a game's moves as Game Courier lists them (`1. A b2-b3`, then
//! `1... a i9-i8` for the second player's reply, a move a line), read back from that form, from
//! a list numbered by ply (`1. A b2-b3 2. a i9-i8`), on one line or many, or from bare moves
//! one a line. A move is opaque text here: its parts (`C d11-d12; C d12-d2; K*d12`) stay
//! together as one move, even when a list breaks the line after a `;`.

use std::sync::Arc;

use crate::{NotationError, Position, Side, Variant};

/// The moves as Game Courier lists them: one a line, the first player's numbered `N.` and the
/// second player's `N...`, where N counts turns of both players from 1.
pub fn format(moves: &[String]) -> String {
    moves
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let dots = if index % 2 == 0 { "." } else { "..." };
            format!("{}{dots} {text}\n", index / 2 + 1)
        })
        .collect()
}

/// Comment lines to head a move list: the variant's name and, for each side, the rule options
/// it plays by that differ from the file's defaults (`option=choice`, as `--option` takes
/// them with the side before: `south:warrior=up_to`). Lists read them as comments.
pub fn header(variant: &Variant) -> String {
    let mut header = format!("// {}\n", variant.name());
    if variant.options().is_empty() {
        return header;
    }
    for side in Side::BOTH {
        let changed: Vec<String> = variant
            .options()
            .iter()
            .zip(variant.choices(side))
            .filter(|&(_, &choice)| choice != 0)
            .map(|(option, &choice)| format!("{}={}", option.id.as_str(), option.choices[choice].id.as_str()))
            .collect();
        let options = if changed.is_empty() { "as written".to_string() } else { changed.join(" ") };
        header += &format!("// {} ({}) rule options: {options}\n", variant.side_name(side), side.id());
    }
    header
}

/// Where a move list can't be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ListError {
    /// The line, from 1.
    pub line: usize,
    /// The column, in characters from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A move that can't be played where it stands in a list or record.
#[derive(Clone, Debug, thiserror::Error)]
#[error("move {number} (`{text}`): {error}")]
pub struct BadMove {
    /// Its number, counting every player's moves from 1.
    pub number: usize,
    /// Its text.
    pub text: String,
    /// Why it can't be played.
    pub error: NotationError,
}

/// How a list numbers its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Numbering {
    /// Game Courier's: `1.`, `1...`, `2.`, `2...`.
    Turns,
    /// One number a move: `1.`, `2.`, `3.`.
    Plies,
}

impl Numbering {
    /// The number move `index` (from 0) has in this numbering, as written.
    fn label(self, index: usize) -> String {
        match self {
            Numbering::Turns if index % 2 == 1 => format!("{}...", index / 2 + 1),
            Numbering::Turns => format!("{}.", index / 2 + 1),
            Numbering::Plies => format!("{}.", index + 1),
        }
    }
}

/// A word of the list and where it starts.
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// A move being gathered: its words, and where it started.
struct Gathered {
    words: Vec<String>,
    line: usize,
    column: usize,
    /// The number written before it, if any.
    number: Option<String>,
}

/// Reads a move list: moves are separated by move numbers (`12.` or `12...`) and by line
/// breaks, except a line break next to a `;`, which joins the parts of one move. Text after
/// `//` on a line is a comment. Numbers may be left out; those written must count the moves
/// either as Game Courier does (`1.`, `1...`, `2.`) or one a move (`1.`, `2.`, `3.`).
///
/// # Errors
/// The line and column of a malformed or misplaced move number, or of an empty move.
pub fn parse(text: &str) -> Result<Vec<String>, ListError> {
    let mut moves: Vec<Gathered> = Vec::new();
    let mut current: Option<Gathered> = None;
    for (line_index, line) in text.lines().enumerate() {
        let line = line.split_once("//").map_or(line, |(before, _)| before);
        let words = words(line, line_index + 1);
        let continues = |current: &Option<Gathered>, first: Option<&Word>| {
            let ends_with_semicolon = current.as_ref().and_then(|g| g.words.last()).is_some_and(|w| w.ends_with(';'));
            ends_with_semicolon || first.is_some_and(|w| w.text.starts_with(';'))
        };
        if !continues(&current, words.first()) {
            moves.extend(current.take());
        }
        for word in words {
            let at = |message| ListError { line: word.line, column: word.column, message };
            let (number, rest) = match move_number(word.text) {
                Some(Ok((number, rest))) => (Some(number), rest),
                Some(Err(message)) => return Err(at(message)),
                None => (None, word.text),
            };
            if let Some(part) = rest.split(';').find(|part| starts_with_digit(part)) {
                return Err(at(format!("`{part}` in `{}`: a move's parts start with a letter", word.text)));
            }
            let starts_a_move = number.is_some() || current.is_none();
            if starts_a_move {
                moves.extend(current.take());
                current = Some(Gathered {
                    words: Vec::new(),
                    line: word.line,
                    column: word.column,
                    number: number.map(str::to_string),
                });
            }
            if !rest.is_empty() {
                current.as_mut().expect("a move is being gathered").words.push(rest.to_string());
            }
        }
    }
    moves.extend(current);
    check_numbers(&moves)?;
    moves
        .iter()
        .enumerate()
        .map(|(index, gathered)| {
            let text = join_parts(&gathered.words.join(" "));
            if text.is_empty() {
                let number = gathered.number.clone().unwrap_or_default();
                Err(ListError {
                    line: gathered.line,
                    column: gathered.column,
                    message: format!("move {} (numbered `{number}`) is empty", index + 1),
                })
            } else {
                Ok(text)
            }
        })
        .collect()
}

/// The whitespace-separated words of a line, with their columns.
fn words(line: &str, line_number: usize) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (true, Some((from, at))) => {
                words.push(Word { text: &line[from..byte], line: line_number, column: at });
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((from, at)) = start {
        words.push(Word { text: &line[from..], line: line_number, column: at });
    }
    words
}

/// A move number at the start of a word: `12.` or `12...` and what follows it in the word.
/// `None` if the word doesn't start with a digit (labels and squares start with a letter).
fn move_number(word: &str) -> Option<Result<(&str, &str), String>> {
    if !starts_with_digit(word) {
        return None;
    }
    let digits = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    let after = &word[digits..];
    let dots = after.find(|c: char| c != '.').unwrap_or(after.len());
    match dots {
        1 | 3 => Some(Ok((&word[..digits + dots], &after[dots..]))),
        _ => Some(Err(format!("`{word}` is not a move number: write `{0}.` or `{0}...`", &word[..digits]))),
    }
}

/// Whether `text` starts with a digit, as move numbers do and moves' parts never do.
fn starts_with_digit(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
}

/// Checks that the numbers written count the moves in one of the two numberings.
fn check_numbers(moves: &[Gathered]) -> Result<(), ListError> {
    let mut possible = vec![Numbering::Turns, Numbering::Plies];
    for (index, gathered) in moves.iter().enumerate() {
        let Some(number) = &gathered.number else { continue };
        let fitting: Vec<Numbering> = possible.iter().copied().filter(|n| n.label(index) == *number).collect();
        if fitting.is_empty() {
            let mut expected: Vec<String> = possible.iter().map(|n| format!("`{}`", n.label(index))).collect();
            expected.dedup();
            return Err(ListError {
                line: gathered.line,
                column: gathered.column,
                message: format!(
                    "move {} is numbered `{number}`, but it should be {} (a move is missing or repeated?)",
                    index + 1,
                    expected.join(" or ")
                ),
            });
        }
        possible = fitting;
    }
    Ok(())
}

/// A move's parts joined by `; `, with spaces made single and empty parts dropped.
fn join_parts(text: &str) -> String {
    text.split(';')
        .map(|part| part.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Plays the moves from the variant's start position.
///
/// # Errors
/// The first move that is not legal where it stands, with its number and text.
pub fn replay(variant: Arc<Variant>, moves: &[String]) -> Result<Position, BadMove> {
    let mut position = Position::start(variant);
    for (index, text) in moves.iter().enumerate() {
        let plies =
            position.parse_turn(text).map_err(|error| BadMove { number: index + 1, text: text.clone(), error })?;
        for mv in plies {
            position.play(mv);
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    fn error_at(text: &str) -> (usize, usize, String) {
        let error = parse(text).expect_err(text);
        (error.line, error.column, error.message)
    }

    #[test]
    fn lists_are_numbered_as_game_courier_numbers_them() {
        let moves = strings(&["A b2-b3", "a i9-i8", "D c1-c4"]);
        assert_eq!(format(&moves), "1. A b2-b3\n1... a i9-i8\n2. D c1-c4\n");
        assert_eq!(format(&[]), "");
    }

    #[test]
    fn a_printed_list_reads_back_as_the_same_moves() {
        let moves = strings(&["A b2-b3", "a i9-i8", "C d11-d12; C d12-d2; K*d12", "p e9-e8; @*e7", "W a1-a3"]);
        assert_eq!(parse(&format(&moves)).unwrap(), moves);
    }

    #[test]
    fn a_number_inside_a_move_is_refused_where_it_stands() {
        // Both were read as moves that listed again as lists that didn't read (found by
        // tests/move_lists.rs).
        let glued = (1, 12, "`6n` in `2...6n`: a move's parts start with a letter".to_string());
        assert_eq!(error_at("1. A b2-b3 2...6n e12-d10"), glued);
        let after_semicolon = (1, 6, "`28....` in `b2-b3;28....`: a move's parts start with a letter".to_string());
        assert_eq!(error_at("1. A b2-b3;28.... x"), after_semicolon);
    }

    #[test]
    fn every_form_of_list_reads() {
        let expected = strings(&["A b2-b3", "a i9-i8", "A c2-c3"]);
        for text in [
            "1. A b2-b3 1... a i9-i8 2. A c2-c3",
            "1. A b2-b3 2. a i9-i8 3. A c2-c3",
            "1. A b2-b3\n2. a i9-i8\n3. A c2-c3\n",
            "A b2-b3\na i9-i8\n\nA c2-c3",
            "1. A b2-b3\na i9-i8\n2. A c2-c3",
            "  1.A b2-b3   1...a i9-i8 // the reply\r\n2.   A   c2-c3  ",
        ] {
            assert_eq!(parse(text).unwrap(), expected, "{text:?}");
        }
        assert_eq!(parse("").unwrap(), Vec::<String>::new());
        assert_eq!(parse("  \n// nothing yet\n").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn the_parts_of_a_move_stay_together() {
        let text = "1. C d11-d12; C d12-d2;\n   K*d12\n1... w a12-a11 ;b b1-b2\n2. P d2-d3 ;  ; @*e7";
        assert_eq!(
            parse(text).unwrap(),
            strings(&["C d11-d12; C d12-d2; K*d12", "w a12-a11; b b1-b2", "P d2-d3; @*e7"])
        );
    }

    #[test]
    fn the_header_lists_each_sides_options_and_reads_as_comments() {
        let apart = variant("jetan.ron", &[("south:warrior", "up_to"), ("chief_mix", "civil")]);
        let header = header(&apart);
        assert_eq!(
            header,
            "// Jetan\n// Black (south) rule options: warrior=up_to chief_mix=civil\n\
             // Orange (north) rule options: chief_mix=civil\n"
        );
        let list = header + &format(&strings(&["A b2-b3", "a i9-i8"]));
        assert_eq!(parse(&list).unwrap(), strings(&["A b2-b3", "a i9-i8"]));
        let written = variant("jetan.ron", &[]);
        assert!(super::header(&written).contains("(north) rule options: as written"));
    }

    #[test]
    fn bad_numbers_and_empty_moves_say_where() {
        assert_eq!(error_at("1. A b2-b3\n3. a i9-i8").0, 2);
        let (line, column, message) = error_at("1. A b2-b3 1... a i9-i8 3. A c2-c3");
        assert_eq!((line, column), (1, 25));
        assert!(message.contains("move 3 is numbered `3.`, but it should be `2.`"), "{message}");
        // Once a list numbers by turns, it can't switch to numbering by moves.
        let (_, _, message) = error_at("1. A b2-b3 1... a i9-i8 2. A c2-c3 4. a h9-h8");
        assert!(message.contains("should be `2...`"), "{message}");
        assert_eq!(
            error_at("2. A b2-b3").2,
            "move 1 is numbered `2.`, but it should be `1.` (a move is missing or repeated?)"
        );
        let (line, column, message) = error_at("1. A b2-b3\n  1.. a i9-i8");
        assert_eq!((line, column), (2, 3));
        assert!(message.contains("`1..` is not a move number"), "{message}");
        let (line, column, message) = error_at("1. A b2-b3 1... 2. A c2-c3");
        assert_eq!((line, column, message.as_str()), (1, 12, "move 2 (numbered `1...`) is empty"));
    }

    #[test]
    fn replay_names_the_first_bad_move() {
        let variant = variant("jetan.ron", &[]);
        let moves = parse("1. A b2-b3 1... a i9-i8 2. A b3-b9").unwrap();
        let error = replay(variant.clone(), &moves).unwrap_err();
        assert_eq!((error.number, error.text.as_str()), (3, "A b3-b9"));
        assert!(error.to_string().starts_with("move 3 (`A b3-b9`): "), "{error}");
        let position = replay(variant, &moves[..2]).unwrap();
        assert_eq!(position.to_move(), crate::Side::South);
    }

    fn variant(file: &str, choices: &[(&str, &str)]) -> Arc<Variant> {
        Arc::new(Variant::shipped(file).with_choices(choices).unwrap())
    }

    /// A random game's turns (a Charge's plies joined into one) and the position before each
    /// turn and at the end.
    fn random_turns(variant: &Arc<Variant>, seed: &mut u64, plies: usize) -> (Vec<String>, Vec<String>) {
        let mut position = Position::start(variant.clone());
        let mut turns: Vec<String> = Vec::new();
        let mut positions = vec![position.to_text()];
        let mut turn = Vec::new();
        for _ in 0..plies {
            let mut legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.swap_remove((crate::test_random::next(seed) % legal.len() as u64) as usize);
            let side = position.to_move();
            turn.push(position.move_text(mv));
            position.play(mv);
            if position.to_move() != side || position.outcome().is_some() {
                turns.push(turn.join("; "));
                turn.clear();
                positions.push(position.to_text());
            }
        }
        if !turn.is_empty() {
            turns.push(turn.join("; "));
            positions.push(position.to_text());
        }
        (turns, positions)
    }

    /// Every variant file in `assets/variants`, as written and with every option's last choice.
    fn every_variant() -> Vec<Arc<Variant>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/variants");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
            .iter()
            .filter(|path| path.extension().is_some_and(|e| e == "ron"))
            .flat_map(|path| {
                let written = Variant::load_file(path).unwrap();
                let last: Vec<(String, String)> = written
                    .options()
                    .iter()
                    .map(|o| (o.id.to_string(), o.choices.last().unwrap().id.to_string()))
                    .collect();
                let other = written.with_choices(&last).unwrap();
                [Arc::new(written), Arc::new(other)]
            })
            .collect()
    }

    #[test]
    fn random_games_of_every_variant_survive_export_and_import() {
        let variants = every_variant();
        assert!(variants.len() >= 4, "classic and Sarang at least");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut kinds_of_turn = std::collections::BTreeSet::new();
        for variant in &variants {
            for _ in 0..12 {
                let (turns, positions) = random_turns(variant, &mut seed, 150);
                let read = parse(&format(&turns)).unwrap();
                assert_eq!(read, turns);
                let mut replayed = Position::start(variant.clone());
                for (index, text) in read.iter().enumerate() {
                    assert_eq!(replayed.to_text(), positions[index], "before turn {}", index + 1);
                    for mv in replayed.parse_turn(text).unwrap_or_else(|e| panic!("turn {}: {e}", index + 1)) {
                        replayed.play(mv);
                    }
                    for part in text.split("; ") {
                        let kind = match part {
                            "charge" => "charge",
                            _ if part.starts_with("@*") => "side-kill",
                            _ if part.contains('*') => "promotion",
                            _ => continue,
                        };
                        kinds_of_turn.insert(kind);
                    }
                    if text.contains("; ") {
                        kinds_of_turn.insert("several parts");
                    }
                }
                assert_eq!(&replayed.to_text(), positions.last().unwrap());
                assert_eq!(&replay(variant.clone(), &read).unwrap().to_text(), positions.last().unwrap());
                // The other forms a list may take read as the same moves.
                let by_ply: String = turns.iter().enumerate().map(|(i, m)| format!("{}. {m} ", i + 1)).collect();
                assert_eq!(parse(&by_ply).unwrap(), turns);
                assert_eq!(parse(&format(&turns).replace('\n', " ")).unwrap(), turns);
                assert_eq!(parse(&turns.join("\n")).unwrap(), turns);
            }
        }
        assert_eq!(kinds_of_turn.len(), 4, "every kind of compound move was exported: {kinds_of_turn:?}");
    }
}

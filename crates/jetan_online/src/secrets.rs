//! The secrets of a game, from the operating system's random source: seat tokens (128 bits),
//! invite and watch codes (80 bits, typed by people) and game ids; and the digests the server
//! keeps of them instead of the secrets themselves.

use sha2::{Digest as _, Sha256};

use crate::protocol::{ErrorCode, Refusal};

/// Crockford's base 32: digits and capitals without I, L, O and U, so codes read aloud and
/// typed by hand come out right.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A token's characters: 130 bits.
const TOKEN_LENGTH: usize = 26;

/// A code's characters: 80 bits.
const CODE_LENGTH: usize = 16;

/// What a code looks like, to show a person who mistyped one.
const EXAMPLE_CODE: &str = "7KQ2-M9XD-4HWB-0ZTE";

/// A code's characters in a group between dashes.
const GROUP: usize = 4;

/// A SHA-256 digest of a secret, normalised as [`normalise`] says.
pub type Digest = [u8; 32];

/// A seat's token: 26 characters, 130 bits.
///
/// # Errors
/// The operating system's random source failed.
pub fn token() -> Result<String, Refusal> {
    random_text(TOKEN_LENGTH)
}

/// A player's key: 26 characters (130 bits), made by the player's client and kept by it; the
/// server keeps its digest.
///
/// # Errors
/// The operating system's random source failed.
pub fn player_key() -> Result<String, Refusal> {
    token()
}

/// Whether `key` can be a player's key: 26 characters of the alphabet, as [`player_key`]
/// makes them (a key people could guess is refused).
///
/// # Errors
/// `bad_key`, saying what is wrong.
pub fn check_key(key: &str) -> Result<(), Refusal> {
    if key.len() == TOKEN_LENGTH && key.bytes().all(|b| ALPHABET.contains(&b)) {
        return Ok(());
    }
    let message = format!(
        "a player's key is {TOKEN_LENGTH} characters of 0-9 and capitals but I, L, O and U, from a random source"
    );
    Err(Refusal::new(ErrorCode::BadKey, message))
}

/// An invite or watch code: 16 characters (80 bits) in groups of four, `7KQ2-M9XD-…`.
///
/// # Errors
/// The operating system's random source failed.
pub fn code() -> Result<String, Refusal> {
    let text = random_text(CODE_LENGTH)?;
    let chars: Vec<char> = text.chars().collect();
    Ok(chars.chunks(GROUP).map(String::from_iter).collect::<Vec<_>>().join("-"))
}

/// A game's id: 13 characters (65 bits). Not a secret: every request about a game also needs
/// one of its secrets.
///
/// # Errors
/// The operating system's random source failed.
pub fn game_id() -> Result<String, Refusal> {
    random_text(13)
}

/// A fair coin from the operating system's random source (a seeker's side).
///
/// # Errors
/// The operating system's random source failed.
pub fn coin() -> Result<bool, Refusal> {
    let mut byte = [0u8];
    fill(&mut byte)?;
    Ok(byte[0] & 1 == 1)
}

/// The digest of a secret as a person may have typed it.
pub fn digest(secret: &str) -> Digest {
    Sha256::digest(normalise(secret).as_bytes()).into()
}

/// Whether `text` can be an invite or watch code as a person may have typed it (dashes,
/// spaces and case aside); what is wrong if not, to say before asking the server.
///
/// # Errors
/// A character no code has, or the wrong number of them.
pub fn check_code(text: &str) -> Result<(), String> {
    let code = normalise(text);
    if let Some(stray) = code.chars().find(|c| !c.is_ascii() || !ALPHABET.contains(&(*c as u8))) {
        return Err(format!("`{stray}` is in no code: codes are digits and capitals, like {EXAMPLE_CODE}"));
    }
    match code.len() {
        CODE_LENGTH => Ok(()),
        length => Err(format!("a code has {CODE_LENGTH} letters and digits, like {EXAMPLE_CODE}; this has {length}")),
    }
}

/// A secret as it was made: capitals, without dashes or spaces, with the letters people
/// mistake for digits (O, I, L) read as those digits.
fn normalise(secret: &str) -> String {
    secret
        .chars()
        .filter(|c| *c != '-' && !c.is_whitespace())
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            upper => upper,
        })
        .collect()
}

/// `length` characters of [`ALPHABET`], each from 5 random bits.
fn random_text(length: usize) -> Result<String, Refusal> {
    let mut bytes = vec![0u8; length];
    fill(&mut bytes)?;
    Ok(bytes.iter().map(|&b| char::from(ALPHABET[usize::from(b & 31)])).collect())
}

/// Fills `bytes` from the operating system's random source.
fn fill(bytes: &mut [u8]) -> Result<(), Refusal> {
    getrandom::fill(bytes)
        .map_err(|error| Refusal::new(ErrorCode::Server, format!("the random source failed: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_typeable_and_forgiving() {
        let code = code().unwrap();
        assert_eq!(code.len(), 19);
        assert_eq!(code.matches('-').count(), 3);
        assert_eq!(digest(&code), digest(&code.to_lowercase().replace('-', " ")));
        assert_eq!(digest("1O0-L"), digest("1001"));
    }

    #[test]
    fn a_code_is_checked_before_the_server_is_asked() {
        let code = code().unwrap();
        assert_eq!((check_code(&code), check_code(EXAMPLE_CODE)), (Ok(()), Ok(())));
        assert_eq!(check_code(&format!(" {} ", code.to_lowercase())), Ok(()));
        let long = check_code(&format!("{code}vvv")).unwrap_err();
        assert!(long.contains("has 16") && long.contains("this has 19"), "{long}");
        assert!(check_code(&code[..18]).unwrap_err().contains("this has 15"));
        assert!(check_code(&format!("{}U", &code[..18])).unwrap_err().starts_with("`U` is in no code"));
        assert!(check_code("7KQ2-M9XD-4HWB-0ZT\u{e9}").unwrap_err().starts_with("`\u{e9}` is in no code"));
    }

    #[test]
    fn secrets_differ() {
        let tokens: std::collections::HashSet<String> = (0..100).map(|_| token().unwrap()).collect();
        assert_eq!(tokens.len(), 100);
        assert!(tokens.iter().all(|t| t.len() == 26 && t.bytes().all(|b| ALPHABET.contains(&b))));
    }
}

//! Who a player is on a server: a name people read and a key only the player's client knows
//! (made from the operating system's random source and kept by the client; the server keeps
//! its digest). The server binds a name to the first key that uses it.

use serde::{Deserialize, Serialize};

use crate::protocol::{ErrorCode, Refusal};
use crate::secrets;

/// The fewest characters a name has.
pub const SHORTEST_NAME: usize = 2;
/// The most characters a name has.
pub const LONGEST_NAME: usize = 24;

/// A player's name and key, as the client keeps them (keep the key secret: it is the name's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The name others see.
    pub name: String,
    /// The secret that holds the name ([`secrets::player_key`]).
    pub key: String,
}

impl Identity {
    /// A new player called `name`, with a new key.
    ///
    /// # Errors
    /// The name can't be one ([`check_name`]), or the random source failed.
    pub fn new(name: &str) -> Result<Identity, Refusal> {
        check_name(name)?;
        Ok(Identity { name: name.to_string(), key: secrets::player_key()? })
    }
}

/// Whether `name` can be a player's: 2 to 24 characters, ASCII letters, digits, spaces, `_`
/// and `-`, no space first or last and no two in a row (so that names people read alike are
/// one name; case aside too, see [`name_key`]).
///
/// # Errors
/// `bad_name`, saying what is wrong.
pub fn check_name(name: &str) -> Result<(), Refusal> {
    let bad = |why: String| Err(Refusal::new(ErrorCode::BadName, why));
    let length = name.chars().count();
    if !(SHORTEST_NAME..=LONGEST_NAME).contains(&length) {
        return bad(format!("a name has {SHORTEST_NAME} to {LONGEST_NAME} characters; this has {length}"));
    }
    if let Some(stray) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-'))) {
        return bad(format!("`{stray}` can't be in a name: letters A to Z, digits, spaces, `_` and `-` can"));
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return bad("a name has no space first or last, nor two in a row".into());
    }
    Ok(())
}

/// What a name is bound by: two names that differ only in case are the same name.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        for good in ["Al", "Tara of Helium", "x_y-z 42", &"n".repeat(24)] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in ["A", &"n".repeat(25), " Tara", "Tara ", "Ta  ra", "Tära", "Ta.ra", "", "Ta\tra"] {
            assert_eq!(check_name(bad).unwrap_err().code, ErrorCode::BadName, "{bad:?}");
        }
        assert_eq!(name_key("Tara"), name_key("tARA"));
    }

    #[test]
    fn a_new_identity_has_a_key_of_its_own() {
        let (one, other) = (Identity::new("Tara").unwrap(), Identity::new("Tara").unwrap());
        assert_ne!(one.key, other.key);
        assert_eq!(secrets::check_key(&one.key), Ok(()));
        assert_eq!(Identity::new("T").unwrap_err().code, ErrorCode::BadName);
    }
}

//! The variants a server plays: the game's own files, built into the binary, by id; each
//! built once for a setup and shared by the games that play it.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use jetan_rules::Variant;

use crate::protocol::{ErrorCode, GameSetup, Refusal};

/// The shipped variants' ids and texts.
const SHIPPED: [(&str, &str); 4] = [
    ("jetan", include_str!("../../../assets/variants/jetan.ron")),
    ("jetan_sarang", include_str!("../../../assets/variants/jetan_sarang.ron")),
    ("jetan_jeddara", include_str!("../../../assets/variants/jetan_jeddara.ron")),
    ("jetan_malagor", include_str!("../../../assets/variants/jetan_malagor.ron")),
];

/// The most setups whose variant is kept built: a new one past it empties the memo.
const MOST_BUILT: usize = 64;

/// A setup's rules: its variant's id and its choices.
type Rules = (String, Vec<(String, String)>);

/// The variants built, by their rules: reading and building a variant takes milliseconds (tens
/// for Jetan Jeddara) and its tables much memory, so games share them.
static BUILT: LazyLock<Mutex<HashMap<Rules, Arc<Variant>>>> = LazyLock::new(Mutex::default);

/// The ids of the variants a game may be created with.
pub fn ids() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|&(id, _)| id)
}

/// The shipped variant `id` with its default options, if there is one.
pub fn shipped(id: &str) -> Option<Variant> {
    let &(_, text) = SHIPPED.iter().find(|&&(known, _)| known == id)?;
    Some(Variant::load(text, &format!("{id}.ron")).expect("the shipped variants load (the rules crate's tests say so)"))
}

impl GameSetup {
    /// The variant this setup plays, with its options chosen.
    ///
    /// # Errors
    /// An unknown variant, option or choice, or a time control out of range.
    pub fn variant(&self) -> Result<Arc<Variant>, Refusal> {
        self.time_control.check().map_err(|error| Refusal::new(ErrorCode::BadSetup, error))?;
        let key = (self.variant.clone(), self.choices.clone());
        if let Some(built) = crate::lock(&BUILT).get(&key) {
            return Ok(built.clone());
        }
        let variant = shipped(&self.variant).ok_or_else(|| {
            let known = ids().collect::<Vec<_>>().join(", ");
            Refusal::new(ErrorCode::UnknownVariant, format!("no variant `{}`: use one of {known}", self.variant))
        })?;
        let chosen = variant
            .with_choices(&self.choices)
            .map_err(|error| Refusal::new(ErrorCode::BadSetup, error.to_string()))?;
        let built = Arc::new(chosen);
        let mut memo = crate::lock(&BUILT);
        if memo.len() >= MOST_BUILT {
            memo.clear();
        }
        memo.insert(key, built.clone());
        Ok(built)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_variant_loads() {
        for id in ids() {
            assert!(shipped(id).is_some(), "{id}");
        }
        assert!(shipped("chess").is_none());
    }

    #[test]
    fn setups_are_built_with_their_choices_or_refused() {
        let setup = |variant: &str, choices: &[(&str, &str)]| GameSetup {
            variant: variant.into(),
            choices: choices.iter().map(|&(o, c)| (o.into(), c.into())).collect(),
            ..GameSetup::default()
        };
        assert_eq!(setup("chess", &[]).variant().unwrap_err().code, ErrorCode::UnknownVariant);
        assert_eq!(setup("jetan", &[("colour", "green")]).variant().unwrap_err().code, ErrorCode::BadSetup);
        assert!(setup("jetan_jeddara", &[]).variant().is_ok());
        let per_side = setup("jetan", &[("south:warrior", "up_to")]).variant().unwrap();
        let chosen = per_side.chosen();
        assert!(chosen.contains(&("south:warrior".into(), "up_to".into())), "{chosen:?}");
        assert!(chosen.contains(&("north:warrior".into(), "exact".into())), "{chosen:?}");
    }
}

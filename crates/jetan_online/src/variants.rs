//! The variants a server plays: the game's own files, built into the binary, by id.

use std::sync::Arc;

use jetan_rules::Variant;

use crate::protocol::{ErrorCode, GameSetup, Refusal};

/// The shipped variants' ids and texts.
const SHIPPED: [(&str, &str); 4] = [
    ("jetan", include_str!("../../../assets/variants/jetan.ron")),
    ("jetan_sarang", include_str!("../../../assets/variants/jetan_sarang.ron")),
    ("jetan_jeddara", include_str!("../../../assets/variants/jetan_jeddara.ron")),
    ("jetan_malagor", include_str!("../../../assets/variants/jetan_malagor.ron")),
];

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
        let variant = shipped(&self.variant).ok_or_else(|| {
            let known = ids().collect::<Vec<_>>().join(", ");
            Refusal::new(ErrorCode::UnknownVariant, format!("no variant `{}`: use one of {known}", self.variant))
        })?;
        self.time_control.check().map_err(|error| Refusal::new(ErrorCode::BadSetup, error))?;
        let chosen = variant
            .with_choices(&self.choices)
            .map_err(|error| Refusal::new(ErrorCode::BadSetup, error.to_string()))?;
        Ok(Arc::new(chosen))
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
    fn setups_with_unknown_parts_are_refused() {
        let setup = |variant: &str, choices: &[(&str, &str)]| GameSetup {
            variant: variant.into(),
            choices: choices.iter().map(|&(o, c)| (o.into(), c.into())).collect(),
            ..GameSetup::default()
        };
        assert_eq!(setup("chess", &[]).variant().unwrap_err().code, ErrorCode::UnknownVariant);
        assert_eq!(setup("jetan", &[("colour", "green")]).variant().unwrap_err().code, ErrorCode::BadSetup);
        assert!(setup("jetan_jeddara", &[]).variant().is_ok());
    }
}

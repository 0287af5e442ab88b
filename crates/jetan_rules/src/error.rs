//! Errors of reading a file (a variant's, or another RON file read with [`crate::Source`]) and
//! of choosing a variant's rule options.

use std::fmt;

use crate::Location;

/// One problem in a file, with the place it was found: `FILE:LINE:COL: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file's name as given to the loader.
    pub origin: String,
    /// Where in the file.
    pub location: Location,
    /// What is wrong.
    pub message: String,
}

impl LoadError {
    /// A problem of the whole file named `origin` (it can't be read, it lacks something), at its
    /// start.
    pub fn at_start(origin: impl Into<String>, message: impl Into<String>) -> LoadError {
        LoadError { origin: origin.into(), location: Location::START, message: message.into() }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.origin, self.location.line, self.location.col, self.message)
    }
}

/// Every problem found in a file (never empty), in the order of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// A rule option, side or choice that the variant does not have, or can't take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    /// No option has this id.
    #[error("the variant has no rule option `{option}` (it has: {known})")]
    UnknownOption {
        /// The id asked for.
        option: String,
        /// The ids the variant has, comma-separated.
        known: String,
    },
    /// The option has no choice with this id.
    #[error("rule option `{option}` has no choice `{choice}` (it has: {known})")]
    UnknownChoice {
        /// The option.
        option: String,
        /// The choice asked for.
        choice: String,
        /// The choices the option has, comma-separated.
        known: String,
    },
    /// The side before an option's id is not one of the variant's.
    #[error("no side `{side}` (the sides are {known})")]
    UnknownSide {
        /// The side asked for.
        side: String,
        /// The sides' names.
        known: String,
    },
    /// A side was given for an option that is about both sides (a rule, not one side's pieces).
    #[error("`{0}`: this option is about both sides; choose it without a side")]
    BothSides(String),
    /// Not of the form `option=choice`.
    #[error("`{0}` is not of the form option=choice")]
    Malformed(String),
    /// The choices together ask more of the engine than it allows (each alone is checked when
    /// the file is read).
    #[error("these rule choices together break the engine's limits: {0}")]
    Limits(String),
}

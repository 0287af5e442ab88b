//! What the lessons and puzzles files share: how their RON is read (with jetan_rules' [`Source`],
//! so every error is `FILE:LINE:COL: message`), the variant they name with its rule options, and
//! reading one from disk beside its variant file.

use std::path::Path;
use std::sync::Arc;

use jetan_rules::{LoadError, LoadErrors, Source, Text, Variant};
use ron::extensions::Extensions;

/// Reads `text` (named `origin` in errors) as a `T`, with RON's implicit `Some` on.
pub(crate) fn read<'a, T: serde::de::DeserializeOwned>(
    text: &'a str,
    origin: &'a str,
) -> Result<(Source<'a>, T), LoadErrors> {
    Source::read(text, origin, &ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME))
}

/// The variant a file names at `path` (read by `load`), with the file's rule `options` chosen;
/// an error at the path, or at the first option.
pub(crate) fn variant(
    source: &Source,
    path: &Text,
    options: &[(Text, Text)],
    load: impl FnOnce(&str) -> Result<Variant, String>,
) -> Result<Arc<Variant>, LoadErrors> {
    let base = load(path.as_str()).map_err(|e| LoadErrors(vec![source.error(path, e)]))?;
    let choices: Vec<(&str, &str)> = options.iter().map(|(o, c)| (o.as_str(), c.as_str())).collect();
    let variant = base.with_choices(&choices).map_err(|e| {
        let at = options.first().map_or(path, |(option, _)| option);
        LoadErrors(vec![source.error(at, e.to_string())])
    })?;
    Ok(Arc::new(variant))
}

/// Reads the file at `path` (at most `max` bytes) with `load`, which is given its text, its name
/// for errors, and a reader of the variant file it names (relative to it).
pub(crate) fn load_file<T>(
    path: &Path,
    max: u64,
    load: impl FnOnce(&str, &str, &dyn Fn(&str) -> Result<Variant, String>) -> Result<T, LoadErrors>,
) -> Result<T, LoadErrors> {
    let origin = path.display().to_string();
    let text =
        jetan_rules::read_text_file(path, max).map_err(|e| LoadErrors(vec![LoadError::at_start(origin.clone(), e)]))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    load(&text, &origin, &|name| Variant::load_file(&dir.join(name)).map_err(|e| e.to_string()))
}

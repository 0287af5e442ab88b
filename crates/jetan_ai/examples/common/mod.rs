//! Command-line helpers shared by the examples: `--name value` pairs read with std::env only.

use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use jetan_rules::Variant;

/// The `--name value` pairs of the command line; `--option` may repeat.
pub struct Args {
    values: HashMap<String, String>,
    options: Vec<String>,
}

impl Args {
    /// Reads the command line, allowing only the names in `known`.
    pub fn read(known: &[&str]) -> Result<Args, String> {
        let mut args = Args { values: HashMap::new(), options: Vec::new() };
        let mut words = std::env::args().skip(1);
        while let Some(word) = words.next() {
            let name = word.strip_prefix("--").filter(|n| known.contains(n) || *n == "option");
            let name = name.ok_or_else(|| format!("unexpected `{word}`; known: --{}", known.join(", --")))?;
            let value = words.next().ok_or_else(|| format!("--{name} needs a value"))?;
            if name == "option" {
                args.options.push(value);
            } else {
                args.values.insert(name.to_string(), value);
            }
        }
        Ok(args)
    }

    /// The value of `--name` parsed, or `default` if absent.
    pub fn get<T: FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        match self.values.get(name) {
            Some(text) => text.parse().map_err(|e| format!("--{name} {text}: {e}")),
            None => default.ok_or_else(|| format!("--{name} is required")),
        }
    }

    /// The value of `--name` parsed, or `None` if absent.
    pub fn optional<T: FromStr>(&self, name: &str) -> Result<Option<T>, String>
    where
        T::Err: std::fmt::Display,
    {
        self.values.contains_key(name).then(|| self.get(name, None)).transpose()
    }

    /// The thread count of `--name` (1 to [`jetan_ai::MAX_THREADS`]), or `default`.
    #[allow(dead_code, reason = "the tournament searches with one thread, to be reproducible")]
    pub fn threads(&self, name: &str, default: usize) -> Result<usize, String> {
        let threads = self.get(name, Some(default))?;
        match threads {
            1..=jetan_ai::MAX_THREADS => Ok(threads),
            _ => Err(format!("--{name} {threads}: use 1 to {} threads", jetan_ai::MAX_THREADS)),
        }
    }

    /// The variant of `--variant` (default classic Jetan) with the `--option` choices.
    pub fn variant(&self) -> Result<Arc<Variant>, String> {
        let path = self.get("variant", Some("assets/variants/jetan.ron".to_string()))?;
        let variant = Variant::load_file(Path::new(&path)).map_err(|e| e.to_string())?;
        Ok(Arc::new(variant.with_choice_args(&self.options).map_err(|e| e.to_string())?))
    }
}

/// Runs `main`, printing its error and exiting with 1 if it fails.
pub fn run(main: impl FnOnce() -> Result<(), String>) {
    if let Err(message) = main() {
        jetan_rules::complain(message);
        std::process::exit(1);
    }
}
